#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import Store

/// The SQL of `account_status` (``AccountStatus`` per account). Stateless; runs on the
/// caller's connection and transaction. Throws `StoreError`.
public struct AccountStatusStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store for the tables in `schema`.
    public init(schema: SQLIdentifier) { self.schema = schema }

    /// The status of `accountId` (empty when none is stored), row-locked when `lock`
    /// (so concurrent events for one account apply one after the other).
    public func find(accountId: String, lock: Bool = false, on db: PGConnection) throws -> AccountStatus {
        let suffix = lock ? " FOR UPDATE" : ""
        return try db.query(
            """
            SELECT capabilities::text AS capabilities, pending_verification::text AS pending_verification,
                   future_currently_due::text AS future_due, future_deadline, announced_deadline, last_stripe_update
            FROM \(schema.quoted).account_status WHERE stripe_account_id = $1\(suffix)
            """, [.text(accountId)]
        ) { row in
            var status = AccountStatus()
            status.capabilities = try Self.decode([String: AccountStatus.Capability].self, row.string("capabilities"))
            status.pendingVerification = try Self.decode([String].self, row.string("pending_verification"))
            status.futureDue = try Self.decode([String].self, row.string("future_due"))
            status.futureDeadline = try row.optionalInt("future_deadline")
            status.announcedDeadline = try row.optionalInt("announced_deadline")
            status.lastStripeUpdate = try row.int("last_stripe_update")
            return status
        }.first ?? AccountStatus()
    }

    /// Stores `status` for `accountId` (insert or replace).
    public func save(_ status: AccountStatus, accountId: String, on db: PGConnection) throws {
        try db.execute(
            """
            INSERT INTO \(schema.quoted).account_status (stripe_account_id, capabilities, pending_verification,
                future_currently_due, future_deadline, announced_deadline, last_stripe_update)
            VALUES ($1, $2, $3, $4, $5, $6, $7)
            ON CONFLICT (stripe_account_id) DO UPDATE SET capabilities = EXCLUDED.capabilities,
                pending_verification = EXCLUDED.pending_verification, future_currently_due = EXCLUDED.future_currently_due,
                future_deadline = EXCLUDED.future_deadline, announced_deadline = EXCLUDED.announced_deadline,
                last_stripe_update = EXCLUDED.last_stripe_update
            """,
            [
                .text(accountId), .json(try Self.encode(status.capabilities)), .json(try Self.encode(status.pendingVerification)),
                .json(try Self.encode(status.futureDue)), status.futureDeadline.map { .int($0) } ?? .null,
                status.announcedDeadline.map { .int($0) } ?? .null, .int(status.lastStripeUpdate),
            ])
    }

    private static func encode<T: Encodable>(_ value: T) throws -> [UInt8] { Array(try JSONEncoder().encode(value)) }

    private static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        do { return try JSONDecoder().decode(type, from: Data(text.utf8)) } catch {
            throw StoreError(code: StoreError.Code.decode, message: "account_status column is not the expected JSON")
        }
    }
}
