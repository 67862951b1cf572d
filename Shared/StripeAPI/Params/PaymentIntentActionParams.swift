/// Parameters of `POST /v1/payment_intents/{id}/capture`
/// (https://docs.stripe.com/api/payment_intents/capture).
public struct PaymentIntentCaptureParams: StripeParams, Equatable {
    /// Amount to capture in the smallest currency unit; `nil` captures everything
    /// capturable. Less than the authorized amount releases the rest.
    public var amountToCapture: Int?
    /// A new platform fee in the smallest currency unit.
    public var applicationFeeAmount: Int?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Parameters not modelled here, set last.
    public var extra: FormParams

    /// Capture parameters.
    public init(
        amountToCapture: Int? = nil, applicationFeeAmount: Int? = nil,
        metadata: [String: String]? = nil, extra: FormParams = FormParams()
    ) {
        self.amountToCapture = amountToCapture; self.applicationFeeAmount = applicationFeeAmount
        self.metadata = metadata; self.extra = extra
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("amount_to_capture", amountToCapture)
        p.set("application_fee_amount", applicationFeeAmount)
        p.set("metadata", metadata)
        return p.merging(extra)
    }
}

/// Parameters of `POST /v1/payment_intents/{id}/confirm`
/// (https://docs.stripe.com/api/payment_intents/confirm).
public struct PaymentIntentConfirmParams: StripeParams, Equatable {
    /// The payment method, `pm_…` (e.g. `pm_card_visa` in test mode).
    public var paymentMethod: String?
    /// Where to return after authentication.
    public var returnUrl: String?
    /// A ConfirmationToken (`ctoken_…`) instead of `payment_method`.
    public var confirmationToken: String?
    /// Parameters not modelled here, set last.
    public var extra: FormParams

    /// Confirm parameters.
    public init(paymentMethod: String? = nil, returnUrl: String? = nil, confirmationToken: String? = nil, extra: FormParams = FormParams()) {
        self.paymentMethod = paymentMethod; self.returnUrl = returnUrl; self.confirmationToken = confirmationToken; self.extra = extra
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("payment_method", paymentMethod)
        p.set("confirmation_token", confirmationToken)
        p.set("return_url", returnUrl)
        return p.merging(extra)
    }
}

/// Parameters of `POST /v1/payment_intents/{id}/cancel`
/// (https://docs.stripe.com/api/payment_intents/cancel).
public struct PaymentIntentCancelParams: StripeParams, Equatable {
    /// `duplicate`, `fraudulent`, `requested_by_customer` or `abandoned`.
    public var cancellationReason: String?

    /// Cancel parameters.
    public init(cancellationReason: String? = nil) { self.cancellationReason = cancellationReason }

    /// The form parameters.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("cancellation_reason", cancellationReason)
        return p
    }
}

/// Parameters of `POST /v1/payment_intents/{id}` (https://docs.stripe.com/api/payment_intents/update).
public struct PaymentIntentUpdateParams: StripeParams, Equatable {
    /// A new amount in the smallest currency unit.
    public var amount: Int?
    /// A new platform fee in the smallest currency unit.
    public var applicationFeeAmount: Int?
    /// Your description.
    public var description: String?
    /// Your key-value data; an empty value removes that key.
    public var metadata: [String: String]?
    /// Parameters not modelled here, set last.
    public var extra: FormParams

    /// Update parameters.
    public init(
        amount: Int? = nil, applicationFeeAmount: Int? = nil, description: String? = nil,
        metadata: [String: String]? = nil, extra: FormParams = FormParams()
    ) {
        self.amount = amount; self.applicationFeeAmount = applicationFeeAmount; self.description = description
        self.metadata = metadata; self.extra = extra
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("amount", amount)
        p.set("application_fee_amount", applicationFeeAmount)
        p.set("description", description)
        p.set("metadata", metadata)
        return p.merging(extra)
    }
}
