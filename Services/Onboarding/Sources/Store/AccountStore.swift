#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import Store

/// The SQL of the `accounts` aggregate (one place for every statement on the table).
///
/// Stateless apart from the schema name; every call runs on the caller's connection (so on
/// the caller's thread and inside the caller's transaction). Throws `StoreError`.
public struct AccountStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store for the tables in `schema`.
    public init(schema: SQLIdentifier) {
        self.schema = schema
    }

    /// The columns every read of an account selects, in the shape ``decode(_:)`` reads
    /// (also read by ``SellerClaimStore/claim(_:messageId:unlessRecordedIn:on:)``).
    static let columns = """
        seller_reference, stripe_account_id, account_type, country, email, status,
        details_submitted, charges_enabled, payouts_enabled, currently_due::text AS currently_due,
        past_due::text AS past_due, disabled_reason, onboarding_completed_at IS NOT NULL AS onboarding_completed,
        deauthorized_at IS NOT NULL AS deauthorized, last_stripe_update,
        eventually_due::text AS eventually_due, current_deadline
        """

    /// The account of a seller reference, or `nil`.
    public func find(sellerReference: String, on db: PGConnection) throws -> AccountRecord? {
        try db.query(
            "SELECT \(Self.columns) FROM \(schema.quoted).accounts WHERE seller_reference = $1",
            [.text(sellerReference)], Self.decode
        ).first
    }

    /// The account with a Stripe account id, or `nil`; `lock` takes a row lock
    /// (`FOR UPDATE`) so concurrent events for one account apply one after the other.
    public func find(accountId: String, lock: Bool = false, on db: PGConnection) throws -> AccountRecord? {
        let suffix = lock ? " FOR UPDATE" : ""
        return try db.query(
            "SELECT \(Self.columns) FROM \(schema.quoted).accounts WHERE stripe_account_id = $1\(suffix)",
            [.text(accountId)], Self.decode
        ).first
    }

    /// Inserts a new account; returns `false` (and changes nothing) when the seller reference
    /// or the Stripe account id is already recorded.
    public func insert(_ record: AccountRecord, createdMessageId: String, on db: PGConnection) throws -> Bool {
        let p = record.projection
        let result = try db.query(
            """
            INSERT INTO \(schema.quoted).accounts (seller_reference, stripe_account_id, account_type, country, email,
                status, details_submitted, charges_enabled, payouts_enabled, currently_due, past_due,
                disabled_reason, onboarding_completed_at, last_stripe_update, created_message_id,
                eventually_due, current_deadline)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
                    CASE WHEN $13 THEN now() END, $14, $15, $16, $17)
            ON CONFLICT DO NOTHING
            RETURNING seller_reference
            """,
            [
                .text(record.sellerReference), .text(p.accountId), Self.optional(record.accountType),
                Self.optional(record.country), Self.optional(record.email), .text(p.status.rawValue),
                .bool(p.detailsSubmitted), .bool(p.chargesEnabled), .bool(p.payoutsEnabled),
                .json(try Self.json(p.currentlyDue)), .json(try Self.json(p.pastDue)),
                Self.optional(p.disabledReason), .bool(p.onboardingCompleted), .int(p.lastStripeUpdate),
                .text(createdMessageId), .json(try Self.json(p.eventuallyDue)),
                p.currentDeadline.map { .int($0) } ?? .null,
            ]
        ) { row in try row.string("seller_reference") }
        return !result.isEmpty
    }

    /// Stores a new projection for its account (`projection.accountId`); the completion and
    /// deauthorization times are set once and kept.
    public func update(_ p: AccountProjection, on db: PGConnection) throws {
        try db.execute(
            """
            UPDATE \(schema.quoted).accounts SET status = $2, details_submitted = $3, charges_enabled = $4,
                payouts_enabled = $5, currently_due = $6, past_due = $7, disabled_reason = $8,
                onboarding_completed_at = CASE WHEN $9 THEN coalesce(onboarding_completed_at, now()) END,
                deauthorized_at = CASE WHEN $10 THEN coalesce(deauthorized_at, now()) END,
                last_stripe_update = $11, eventually_due = $12, current_deadline = $13, updated_at = now()
            WHERE stripe_account_id = $1
            """,
            [
                .text(p.accountId), .text(p.status.rawValue), .bool(p.detailsSubmitted),
                .bool(p.chargesEnabled), .bool(p.payoutsEnabled), .json(try Self.json(p.currentlyDue)),
                .json(try Self.json(p.pastDue)), Self.optional(p.disabledReason),
                .bool(p.onboardingCompleted), .bool(p.deauthorized), .int(p.lastStripeUpdate),
                .json(try Self.json(p.eventuallyDue)), p.currentDeadline.map { .int($0) } ?? .null,
            ])
    }

    private static func optional(_ value: String?) -> PGValue {
        value.map { .text($0) } ?? .null
    }

    private static func json(_ list: [String]) throws -> [UInt8] {
        Array(try JSONEncoder().encode(list))
    }

    /// The record of a row selected with ``columns``.
    /// - Throws: `store.decode` for an unknown status or a malformed requirement list.
    static func decode(_ row: PGRow) throws -> AccountRecord {
        let status = try row.string("status")
        guard let parsed = OnboardingStatus(rawValue: status) else {
            throw StoreError(code: StoreError.Code.decode, message: "unknown onboarding status \(status)")
        }
        let projection = AccountProjection(
            accountId: try row.string("stripe_account_id"), status: parsed,
            detailsSubmitted: try row.bool("details_submitted"), chargesEnabled: try row.bool("charges_enabled"),
            payoutsEnabled: try row.bool("payouts_enabled"),
            currentlyDue: try list(row.string("currently_due")), pastDue: try list(row.string("past_due")),
            disabledReason: try row.optionalString("disabled_reason"),
            onboardingCompleted: try row.bool("onboarding_completed"), deauthorized: try row.bool("deauthorized"),
            lastStripeUpdate: try row.int("last_stripe_update"),
            eventuallyDue: try list(row.string("eventually_due")),
            currentDeadline: try row.optionalInt("current_deadline"))
        return AccountRecord(
            sellerReference: try row.string("seller_reference"),
            accountType: try row.optionalString("account_type"),
            country: try row.optionalString("country"), email: try row.optionalString("email"),
            projection: projection)
    }

    private static func list(_ text: String) throws -> [String] {
        do { return try JSONDecoder().decode([String].self, from: Data(text.utf8)) } catch {
            throw StoreError(code: StoreError.Code.decode, message: "requirement list is not a JSON array of strings")
        }
    }
}
