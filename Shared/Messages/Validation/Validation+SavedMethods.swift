extension Validation {
    /// The rules of `setup_future_usage` and `require_cvc_recollection` on a payment command:
    /// both need the buyer (`customerField`) — except `setup_future_usage` where a guest may
    /// save (`guestMaySave`: a guest PaymentSheet keeps the method for when the guest signs up,
    /// `payments.register_buyer`) — and CVC recollection needs `card` among explicit method
    /// types (absent types mean automatic payment methods, which include cards).
    /// - Throws: `validation.customer_required` or `validation.cvc_recollection_not_card`.
    public static func savedMethodOptions(
        setupFutureUsage: SetupFutureUsage?, requireCvcRecollection: Bool?,
        hasCustomer: Bool, customerField: String,
        paymentMethodTypes: [String]?, guestMaySave: Bool = false
    ) throws(ReplyError) {
        if setupFutureUsage != nil, !hasCustomer, !guestMaySave { throw .customerRequired("setup_future_usage", needs: customerField) }
        if requireCvcRecollection != nil, !hasCustomer { throw .customerRequired("require_cvc_recollection", needs: customerField) }
        if requireCvcRecollection == true, let types = paymentMethodTypes, !types.contains("card") { throw .cvcRecollectionNotCard() }
    }
}

extension SchemaRule {
    /// ``Validation/savedMethodOptions(setupFutureUsage:requireCvcRecollection:hasCustomer:customerField:paymentMethodTypes:guestMaySave:)``
    /// in JSON Schema: `setup_future_usage` and `require_cvc_recollection` require
    /// `customerField` (`setup_future_usage` not when `guestMaySave`);
    /// `require_cvc_recollection: true` with `payment_method_types` requires `card` among them.
    public static func savedMethodOptions(customerField: String, guestMaySave: Bool = false) -> [SchemaRule] {
        (guestMaySave ? [] : [.dependentRequired("setup_future_usage", [customerField])]) + [
            .dependentRequired("require_cvc_recollection", [customerField]),
            .when(
                SchemaRule.shape(
                    required: ["require_cvc_recollection", "payment_method_types"],
                    properties: ["require_cvc_recollection": .object(["const": .bool(true)])]),
                then: SchemaRule.shape(properties: ["payment_method_types": .object(["contains": .object(["const": .string("card")])])])),
        ]
    }
}
