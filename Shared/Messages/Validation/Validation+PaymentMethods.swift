extension Validation {
    /// Explicit payment method types of an online payment (a PaymentIntent for the Payment
    /// Element or PaymentSheet): ``paymentMethodTypes(_:field:)``, and each one a type Stripe
    /// offers online (``CheckoutPaymentMethodTypes/known``: `card`, `link`, `us_bank_account`,
    /// `sepa_debit`, …; in-person types such as `card_present` belong to Terminal).
    /// - Throws: `validation.invalid_value`, or `validation.unknown_payment_method_type` naming
    ///   `field[i]`.
    public static func onlinePaymentMethodTypes(_ values: [String]?, field: String = "payment_method_types") throws(ReplyError) {
        try paymentMethodTypes(values, field: field)
        for (i, type) in (values ?? []).enumerated() where !CheckoutPaymentMethodTypes.known.contains(type) {
            throw .invalid(
                "\(field)[\(i)]", "\(type) is not a payment method type Stripe offers online (e.g. card, link, us_bank_account)",
                code: ReplyError.Code.unknownPaymentMethodType)
        }
    }

    /// A hostname for a payment method domain (Apple Pay, Google Pay, Link on the web):
    /// at most 253 characters, two or more dot-separated labels of 1–63 letters, digits or
    /// hyphens (not at either end of a label), the last label starting with a letter; no
    /// scheme, port, path, wildcard or trailing dot. Letters in any case.
    /// - Throws: `validation.invalid_domain` naming `field`.
    public static func hostname(_ value: String, field: String = "domain_name") throws(ReplyError) {
        let fail = ReplyError.invalid(
            field, "must be a hostname such as shop.example.com (no scheme, port or path)",
            code: ReplyError.Code.invalidDomain)
        guard !value.isEmpty, value.utf8.count <= 253 else { throw fail }
        let labels = value.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { throw fail }
        for label in labels {
            guard (1...63).contains(label.utf8.count), label.first != "-", label.last != "-",
                label.unicodeScalars.allSatisfy({ isLetter($0) || ($0 >= "0" && $0 <= "9") || $0 == "-" })
            else { throw fail }
        }
        guard let top = labels.last?.unicodeScalars.first, isLetter(top) else { throw fail }
    }

    private static func isLetter(_ c: Unicode.Scalar) -> Bool { (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") }
}

extension SchemaRule {
    /// ``Validation/onlinePaymentMethodTypes(_:field:)``: ``paymentMethodTypes`` whose items are
    /// in ``CheckoutPaymentMethodTypes/known``.
    public static let onlinePaymentMethodTypes = SchemaRule.paymentMethodTypes.and(
        SchemaRule(["items": .object(["enum": .array(CheckoutPaymentMethodTypes.known.map(JSONValue.string))])]))

    /// ``Validation/hostname(_:field:)``: the whole string (the lookaheads bound its end
    /// without `$`).
    public static let hostname: SchemaRule = {
        let label = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
        let top = "[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
        return SchemaRule(["pattern": .string("^(?:\(label)\\.)+\(top)(?![\\s\\S])"), "maxLength": .int(253)])
    }()
}
