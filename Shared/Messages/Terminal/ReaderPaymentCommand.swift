/// A Terminal command that points a server-driven reader at a PaymentIntent
/// (`terminal.process_payment`, `terminal.collect_payment_method`, `terminal.confirm_payment`):
/// the reader (`tmr_…`), the PaymentIntent (`pi_…`) and, for a direct charge, the connected
/// account (`acct_…`). Its field rules are stated once, here, for ``validate()`` and for the
/// catalogue's JSON Schema.
public protocol ReaderPaymentCommand: Validatable, SchemaConstrained {
    /// The reader (`tmr_…`).
    var reader: String { get }
    /// The PaymentIntent (`pi_…`).
    var paymentIntent: String { get }
    /// The seller's connected account; absent for the platform's own readers and payments.
    var account: String? { get }
}

extension ReaderPaymentCommand {
    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.id(reader, prefix: "tmr_", field: "reader")
        try Validation.id(paymentIntent, prefix: "pi_", field: "payment_intent")
        try Validation.id(account, prefix: "acct_", field: "account")
    }

    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        ["reader": .stripeId("tmr_"), "payment_intent": .stripeId("pi_"), "account": .account]
    }
}
