import Messages
import Runtime
import StripeAPI

/// The client's key to a Customer for the mobile sheets: a CustomerSession
/// (`POST /v1/customer_sessions`, `components[<component>]` enabled with the save, remove
/// and redisplay features, `<message_id>:create_customer_session`) or a legacy ephemeral key
/// (`POST /v1/ephemeral_keys` with `Stripe-Version` = the SDK's `api_version`,
/// `<message_id>:create_ephemeral_key`). Thread-safety: a `Sendable` value.
struct CustomerKeys: Sendable {
    /// The connected account.
    let account: String
    /// The Customer, `cus_…`.
    let customer: String

    /// The secret made: exactly one of the two is set.
    struct Made: Sendable {
        /// The CustomerSession client secret.
        var sessionSecret: String?
        /// The ephemeral key secret.
        var ephemeralKey: String?
    }

    /// Makes the key (a Stripe call; no transaction is open).
    /// - Throws: `HandlerError` to retry later.
    func make(
        _ kind: PaymentSheetCustomerKey, apiVersion: String?, component: String,
        context: HandlerContext
    ) throws -> Result<Made, ReplyError> {
        if kind == .ephemeralKey {
            switch try context.stripe({ client throws(StripeError) in
                try client.createEphemeralKey(
                    EphemeralKeyCreateParams(customer: customer), apiVersion: apiVersion ?? "",
                    options: context.idempotent("create_ephemeral_key", account: account))
            }) {
            case .success(let key): return .success(Made(ephemeralKey: key.secret))
            case .failure(let error): return .failure(error)
            }
        }
        let params = CustomerSessionCreateParams(
            customer: customer, enabledComponents: [],
            extra: [
                "components": [
                    component: [
                        "enabled": true,
                        "features": [
                            "payment_method_save": "enabled", "payment_method_remove": "enabled",
                            "payment_method_redisplay": "enabled",
                        ],
                    ]
                ]
            ])
        switch try context.stripe({ client throws(StripeError) in
            try client.createCustomerSession(params, options: context.idempotent("create_customer_session", account: account))
        }) {
        case .success(let session): return .success(Made(sessionSecret: session.clientSecret))
        case .failure(let error): return .failure(error)
        }
    }
}
