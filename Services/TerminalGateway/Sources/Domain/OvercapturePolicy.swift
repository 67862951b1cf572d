/// The on-receipt tip rule (https://docs.stripe.com/terminal/features/collecting-tips/on-receipt):
/// a US card-present authorization may be captured above the authorized amount by up to 50 %
/// of it or 50 USD, whichever is greater, and only when the card reports
/// `overcapture_supported`.
///
/// Amounts are integers in the currency's smallest unit. Pure; thread-safe.
public enum OvercapturePolicy {
    /// The smallest allowed over-capture: 50 USD in cents.
    public static let floor = 5000

    /// The highest capturable total for `authorized`, or `nil` when over-capture is not
    /// allowed at all (card without support, or a currency other than `usd`).
    public static func maximumCapturable(authorized: Int, currency: String, overcaptureSupported: Bool) -> Int? {
        guard overcaptureSupported, currency.lowercased() == "usd" else { return nil }
        return authorized + max(authorized / 2, floor)
    }
}
