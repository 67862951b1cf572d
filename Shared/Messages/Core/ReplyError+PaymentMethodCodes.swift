extension ReplyError.Code {
    /// A payment method domain (`domain_name`) is not a hostname: letters, digits and
    /// hyphens in dot-separated labels, a top-level label starting with a letter, no
    /// scheme, port, path or wildcard (e.g. `shop.example.com`).
    public static let invalidDomain = "validation.invalid_domain"
    /// A payment method type offered in a currency it does not take (e.g. `ideal` with
    /// `usd`; ``PaymentMethodCurrencies``).
    public static let paymentMethodCurrency = "validation.payment_method_currency"
}
