extension StripeClient {
    /// `POST /v1/payment_intents/{id}/increment_authorization`: raises the authorized amount of
    /// a `requires_capture` card-present PaymentIntent created with
    /// `payment_method_options[card_present][request_incremental_authorization_support]=true`
    /// whose charge reports `incremental_authorization_supported`
    /// (https://docs.stripe.com/terminal/features/incremental-authorizations).
    /// - Throws: `StripeError` (e.g. `payment_intent_unexpected_state`, `invalid_request_error`
    ///   when the card does not support it or the amount is not higher).
    public func incrementAuthorization(
        _ id: String, _ params: PaymentIntentIncrementAuthorizationParams,
        options: RequestOptions
    ) throws(StripeError) -> PaymentIntent {
        try request(
            .post, Self.path("/v1/payment_intents", id, "/increment_authorization"), params: params.formParams,
            options: options)
    }
}

/// Parameters of `POST /v1/payment_intents/{id}/increment_authorization`
/// (https://docs.stripe.com/api/payment_intents/increment_authorization).
public struct PaymentIntentIncrementAuthorizationParams: StripeParams, Equatable {
    /// The new total amount to authorize, in the smallest currency unit (above the current one).
    public var amount: Int
    /// A new platform fee in the smallest currency unit (direct charges).
    public var applicationFeeAmount: Int?
    /// Your key-value data.
    public var metadata: [String: String]?

    /// Increment parameters.
    public init(amount: Int, applicationFeeAmount: Int? = nil, metadata: [String: String]? = nil) {
        self.amount = amount; self.applicationFeeAmount = applicationFeeAmount; self.metadata = metadata
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("amount", amount)
        p.set("application_fee_amount", applicationFeeAmount)
        p.set("metadata", metadata)
        return p
    }
}
