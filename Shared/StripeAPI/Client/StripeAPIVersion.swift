/// Stripe API versions this code speaks and what changed between them.
///
/// A version is `YYYY-MM-DD.<release>` (https://docs.stripe.com/api-versions). Request
/// shapes are chosen by the version's date: each breaking change the suite touches is in
/// effect from the first version of its major release on (see the table in
/// `Shared/StripeAPI/README.md`). A version whose name does not start with a date is
/// treated as the pinned one. Thread-safe: pure functions of strings.
public enum StripeAPIVersion {
    /// The version this project pins: the newest stable release in Stripe's changelog
    /// (https://docs.stripe.com/changelog, `2026-11-18.endive`).
    public static let current = "2026-11-18.endive"
    /// The last Basil version, which platforms with an older account default still use.
    public static let basil = "2025-03-31.basil"

    /// The first version with `ui_mode` `hosted_page` / `embedded_page` / `elements`
    /// (replacing `hosted` / `embedded` / `custom`): changelog 2026-03-25.dahlia
    /// "Updates Checkout Session UI mode enum values".
    public static let checkoutPageUIModesSince = "2026-03-25"
    /// The first version without `payment_method_types` on Checkout Session create and with
    /// `allowed_payment_method_types` instead: changelog 2026-09-30.endive "Removes the
    /// payment method types parameter from Checkout Sessions"; the same version refuses
    /// `payment_method_types` on PaymentIntents ("Removes the payment method types
    /// parameter from Payment Intents and Setup Intents").
    public static let allowedPaymentMethodTypesSince = "2026-09-30"
    /// The first version with `allowed_payment_method_types` on PaymentIntents
    /// (changelog 2026-07-29.dahlia "Adds the allowed payment method types parameter to
    /// Payment Intents and Setup Intents").
    public static let paymentIntentAllowedTypesSince = "2026-07-29"

    /// The date part (`YYYY-MM-DD`) of `version`, or that of ``current`` when `version`
    /// does not start with one.
    public static func date(_ version: String) -> String {
        let prefix = version.prefix(10)
        let shape =
            prefix.count == 10
            && prefix.enumerated().allSatisfy { index, c in
                index == 4 || index == 7 ? c == "-" : c.isASCII && c.isNumber
            }
        return shape ? String(prefix) : String(current.prefix(10))
    }

    /// Whether `version` names Checkout's UI modes `hosted_page` / `embedded_page` / `elements`.
    public static func usesCheckoutPageUIModes(_ version: String) -> Bool {
        date(version) >= checkoutPageUIModesSince
    }

    /// Whether `version` takes `allowed_payment_method_types` (and refuses
    /// `payment_method_types`) on Checkout Sessions and PaymentIntents.
    public static func usesAllowedPaymentMethodTypes(_ version: String) -> Bool {
        date(version) >= allowedPaymentMethodTypesSince
    }
}
