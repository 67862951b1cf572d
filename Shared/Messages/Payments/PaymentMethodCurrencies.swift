/// The presentment currencies of the redirect-based payment methods of Stripe's Connect
/// payment-methods table (docs.stripe.com/payments/<method>, "Payment method properties";
/// Stripe refuses a PaymentIntent or Checkout Session that offers one in another currency):
/// iDEAL, Bancontact and EPS take EUR; Przelewy24 EUR or PLN; Klarna AUD, CAD, CHF, CZK, DKK,
/// EUR, GBP, NOK, NZD, PLN, RON, SEK or USD. Their customers are in the Netherlands (iDEAL),
/// Belgium (Bancontact), Austria (EPS), Poland (Przelewy24) and Klarna's 23 countries.
public enum PaymentMethodCurrencies {
    /// Lowercase ISO 4217 currencies by payment method type; types not listed take any currency.
    public static let byType: [String: [String]] = [
        "bancontact": ["eur"],
        "eps": ["eur"],
        "ideal": ["eur"],
        "klarna": ["aud", "cad", "chf", "czk", "dkk", "eur", "gbp", "nok", "nzd", "pln", "ron", "sek", "usd"],
        "p24": ["eur", "pln"],
    ]

    /// The redirect-based types, in Stripe's (alphabetical) order.
    public static let redirectTypes: [String] = byType.keys.sorted()
}

extension Validation {
    /// Each of `types` takes `currency` (``PaymentMethodCurrencies/byType``).
    /// - Throws: `validation.payment_method_currency` naming `field[i]`.
    public static func paymentMethodCurrency(_ types: [String]?, currency: String, field: String = "payment_method_types") throws(ReplyError) {
        for (i, type) in (types ?? []).enumerated() {
            guard let currencies = PaymentMethodCurrencies.byType[type], !currencies.contains(currency) else { continue }
            throw .invalid(
                "\(field)[\(i)]", "\(type) takes only \(currencies.joined(separator: ", ")), not \(currency)",
                code: ReplyError.Code.paymentMethodCurrency)
        }
    }
}

extension SchemaRule {
    /// ``Validation/paymentMethodCurrency(_:currency:field:)`` in JSON Schema: for each
    /// currency-bound type, `if` `types` contains it `then` the currency is one it takes.
    /// `currency(allowed)` is the schema fragment that constrains the command's currency
    /// (the `currency` property, or the line items' `price_data.currency` of a Checkout Session).
    public static func paymentMethodCurrency(types: String = "payment_method_types", currency: ([String]) -> JSONValue) -> [SchemaRule] {
        PaymentMethodCurrencies.redirectTypes.map { type in
            .when(
                shape(required: [types], properties: [types: .object(["contains": .object(["const": .string(type)])])]),
                then: currency(PaymentMethodCurrencies.byType[type] ?? []))
        }
    }

    /// The `currency` property is one of `allowed`.
    public static func currencyOneOf(_ allowed: [String]) -> JSONValue {
        shape(properties: ["currency": .object(["enum": .array(allowed.map(JSONValue.string))])])
    }
}
