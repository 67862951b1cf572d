/// Stripe's checks on `expand[]` before a request runs: each path names an expandable field
/// (its last segment, e.g. `latest_charge` or `payment_intent.latest_charge`, one of the
/// fields Stripe's API reference marks "Expandable", the `x-expandableFields` of its OpenAPI
/// schemas) and is at most four levels deep. Otherwise 400 `invalid_request_error`
/// "This property cannot be expanded (metadata)." or "You cannot expand more than 4 levels of
/// a property.", as Stripe answers (neither carries a code), and no idempotent result is kept.
enum ExpandPaths {
    /// The expandable field names of the objects the simulator serves and those they point to.
    static let expandable: Set<String> = [
        "account", "application", "application_fee", "balance_transaction", "breakdown", "cash_balance", "charge",
        "customer", "default_payment_method", "default_price", "default_source", "destination", "destination_payment",
        "dispute", "failure_balance_transaction", "generated_card", "generated_sepa_debit", "generated_sepa_debit_mandate",
        "invoice", "invoice_credit_balance", "latest_attempt", "latest_charge", "line_items", "location", "mandate",
        "on_behalf_of", "original_payout", "payment_intent", "payment_link", "payment_method", "payout", "price",
        "product", "promotion_code", "refunds", "reversals", "review", "setup_intent", "single_use_mandate", "source",
        "source_transaction", "source_transfer", "sources", "subscription", "subscriptions", "tax_ids", "test_clock",
        "transfer", "transfer_reversal",
    ]

    /// Stripe's deepest expansion.
    static let maxLevels = 4

    /// Throws Stripe's refusal for the first `expand` path that cannot be expanded.
    static func check(_ params: Params) throws(SimError) {
        guard params.has("expand") else { return }
        for path in try params.stringArray("expand") ?? [] {
            let segments = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if segments.count > maxLevels {
                throw refusal("You cannot expand more than \(maxLevels) levels of a property.")
            }
            guard let last = segments.last, expandable.contains(last) else {
                throw refusal("This property cannot be expanded (\(path)).")
            }
        }
    }

    private static func refusal(_ message: String) -> SimError {
        var error = SimError(status: 400, type: "invalid_request_error", code: nil, message: message)
        error.validation = true
        return error
    }
}
