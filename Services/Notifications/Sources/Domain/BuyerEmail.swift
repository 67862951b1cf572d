public import StripeAPI
import Runtime

/// What Stripe knows of a buyer's e-mail address, for an order whose event carries no
/// `customer_email`.
///
/// Read from the order's PaymentIntent retrieved with ``expand`` (on the connected account),
/// in this order: its `receipt_email`, its Customer's `email`, its latest charge's
/// `billing_details.email`. Never the connected account's own address. Pure functions.
public enum BuyerEmail {
    /// The `expand[]` of the PaymentIntent retrieval.
    public static let expand = ["customer", "latest_charge"]

    /// The first non-empty address Stripe holds for the PaymentIntent's buyer, or `nil`.
    public static func from(_ paymentIntent: PaymentIntent) -> String? {
        let candidates = [
            paymentIntent.receiptEmail,
            paymentIntent.customer?.object?.email,
            paymentIntent.latestCharge?.object?.billingDetails?.email,
        ]
        return candidates.lazy.compactMap { $0?.trimmingSpaces() }.first { !$0.isEmpty }
    }
}
