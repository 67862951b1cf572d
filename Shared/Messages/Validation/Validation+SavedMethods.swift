extension Validation {
    /// The rules of `setup_future_usage` and `require_cvc_recollection` on a payment command:
    /// both need the buyer (`customerField`), and CVC recollection needs `card` among explicit
    /// method types (absent types mean automatic payment methods, which include cards).
    /// - Throws: `validation.customer_required` or `validation.cvc_recollection_not_card`.
    public static func savedMethodOptions(
        setupFutureUsage: SetupFutureUsage?, requireCvcRecollection: Bool?,
        hasCustomer: Bool, customerField: String,
        paymentMethodTypes: [String]?
    ) throws(ReplyError) {
        if setupFutureUsage != nil, !hasCustomer { throw .customerRequired("setup_future_usage", needs: customerField) }
        if requireCvcRecollection != nil, !hasCustomer { throw .customerRequired("require_cvc_recollection", needs: customerField) }
        if requireCvcRecollection == true, let types = paymentMethodTypes, !types.contains("card") { throw .cvcRecollectionNotCard() }
    }
}

extension SchemaRule {
    /// ``Validation/savedMethodOptions(setupFutureUsage:requireCvcRecollection:hasCustomer:customerField:paymentMethodTypes:)``
    /// in JSON Schema: `setup_future_usage` and `require_cvc_recollection` require
    /// `customerField`; `require_cvc_recollection: true` with `payment_method_types` requires
    /// `card` among them.
    public static func savedMethodOptions(customerField: String) -> [SchemaRule] {
        [
            .dependentRequired("setup_future_usage", [customerField]),
            .dependentRequired("require_cvc_recollection", [customerField]),
            .when(
                SchemaRule.shape(
                    required: ["require_cvc_recollection", "payment_method_types"],
                    properties: ["require_cvc_recollection": .object(["const": .bool(true)])]),
                then: SchemaRule.shape(properties: ["payment_method_types": .object(["contains": .object(["const": .string("card")])])])),
        ]
    }
}
