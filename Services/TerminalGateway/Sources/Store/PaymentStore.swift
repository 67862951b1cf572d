#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import Store

/// The SQL of the `payments` aggregate (one place for every statement on the table).
///
/// Stateless apart from the schema name; every call runs on the caller's connection (so on
/// the caller's thread and inside the caller's transaction, if any). Throws `StoreError`.
public struct PaymentStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store for the tables in `schema`.
    public init(schema: SQLIdentifier) {
        self.schema = schema
    }

    /// The qualified table name.
    var table: String { "\(schema.quoted).payments" }

    /// The columns every query returns, in ``decode(_:)``'s terms.
    static let columns = """
        order_reference, payment_intent_id, account, amount, currency, capture_method, application_fee_amount,
        state, reader, amount_authorized, amount_captured, overcapture_supported, authorized_at, expires_at,
        last_charge_id, decline_code, failure_code, failure_message, cancellation_reason, capture_key, process_key, origin
        """

    /// The payment of an order, or `nil` (also while its PaymentIntent is being created).
    public func find(orderReference: String, on db: PGConnection) throws -> TerminalPayment? {
        try db.query(
            "SELECT \(Self.columns) FROM \(table) WHERE order_reference = $1 AND payment_intent_id IS NOT NULL",
            [.text(orderReference)], Self.decode
        ).first
    }

    /// The payment of a PaymentIntent, or `nil`; `lock` takes a row lock (`FOR UPDATE`) so
    /// concurrent events and commands on one payment apply one after the other.
    public func find(paymentIntent: String, lock: Bool = false, on db: PGConnection) throws -> TerminalPayment? {
        try db.query(
            "SELECT \(Self.columns) FROM \(table) WHERE payment_intent_id = $1\(lock ? " FOR UPDATE" : "")",
            [.text(paymentIntent)], Self.decode
        ).first
    }

    /// Payments handed to `reader` and still `processing`.
    public func processing(reader: String, on db: PGConnection) throws -> [TerminalPayment] {
        try db.query(
            "SELECT \(Self.columns) FROM \(table) WHERE reader = $1 AND state = 'processing' FOR UPDATE",
            [.text(reader)], Self.decode)
    }

    /// Stores the mutable columns of `p` (by its PaymentIntent).
    public func update(_ p: TerminalPayment, on db: PGConnection) throws {
        try db.execute(
            """
            UPDATE \(table) SET amount = $2, state = $3, reader = $4, amount_authorized = $5, amount_captured = $6,
                overcapture_supported = $7, authorized_at = $8, expires_at = $9, last_charge_id = $10,
                decline_code = $11, failure_code = $12, failure_message = $13, cancellation_reason = $14,
                capture_key = $15, process_key = $16, application_fee_amount = $17, updated_at = now()
            WHERE payment_intent_id = $1
            """,
            [
                .text(p.paymentIntent), .int(Int64(p.amount)), .text(p.state.rawValue), Self.text(p.reader),
                Self.int(p.amountAuthorized), Self.int(p.amountCaptured), .bool(p.overcaptureSupported),
                Self.int(p.authorizedAt), Self.int(p.expiresAt), Self.text(p.lastChargeId), Self.text(p.declineCode),
                Self.text(p.failureCode), Self.text(p.failureMessage), Self.text(p.cancellationReason),
                Self.text(p.captureKey), Self.text(p.processKey), Self.int(p.applicationFeeAmount),
            ])
    }

    /// `text`, or SQL `NULL` for `nil`.
    static func text(_ value: String?) -> PGValue { value.map { .text($0) } ?? .null }
    /// `bigint`, or SQL `NULL` for `nil`.
    static func int(_ value: Int?) -> PGValue { value.map { .int(Int64($0)) } ?? .null }

    /// A payment from a row with ``columns``.
    /// - Throws: `StoreError` (`store.decode`) for an unknown state or a missing column.
    static func decode(_ row: PGRow) throws -> TerminalPayment {
        let stateName = try row.string("state")
        guard let state = TerminalPaymentState(rawValue: stateName) else {
            throw StoreError(code: StoreError.Code.decode, message: "unknown terminal payment state \(stateName)")
        }
        var p = TerminalPayment(
            orderReference: try row.string("order_reference"),
            paymentIntent: try row.optionalString("payment_intent_id") ?? "",
            account: try row.optionalString("account"), amount: Int(try row.int("amount")),
            currency: try row.string("currency"), captureMethod: try row.string("capture_method"),
            applicationFeeAmount: try row.optionalInt("application_fee_amount").map(Int.init),
            state: state)
        p.reader = try row.optionalString("reader")
        p.amountAuthorized = try row.optionalInt("amount_authorized").map(Int.init)
        p.amountCaptured = try row.optionalInt("amount_captured").map(Int.init)
        p.overcaptureSupported = try row.bool("overcapture_supported")
        p.authorizedAt = try row.optionalInt("authorized_at").map(Int.init)
        p.expiresAt = try row.optionalInt("expires_at").map(Int.init)
        p.lastChargeId = try row.optionalString("last_charge_id")
        p.declineCode = try row.optionalString("decline_code")
        p.failureCode = try row.optionalString("failure_code")
        p.failureMessage = try row.optionalString("failure_message")
        p.cancellationReason = try row.optionalString("cancellation_reason")
        p.captureKey = try row.optionalString("capture_key")
        p.processKey = try row.optionalString("process_key")
        p.appCreated = try row.string("origin") == "app"
        return p
    }
}
