import Runtime
import StripeAPI

/// `GET /v1/payment_intents/{id}?expand[]=latest_charge` as a ``PaymentIntentSnapshot``:
/// the re-fetch the gateway does when an event arrives or its own state may lag Stripe's.
enum PaymentIntentFetch {
    /// Fetches `paymentIntent` on `account` (or the platform).
    /// - Throws: `HandlerError` (retry) for transient Stripe failures; a permanent one is returned.
    static func snapshot(
        _ paymentIntent: String, account: String?, observedAt: Int,
        context: HandlerContext
    ) throws -> Result<PaymentIntentSnapshot, StripeError> {
        try context.stripe { client throws(StripeError) in
            let pi = try client.retrievePaymentIntent(
                paymentIntent, expand: ["latest_charge"],
                options: RequestOptions(stripeAccount: account))
            return PaymentIntentSnapshot(pi, observedAt: observedAt)
        }
    }
}
