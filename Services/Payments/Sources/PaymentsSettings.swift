#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import StripeAPI

/// Settings of the payments service beyond the runtime's ``ServiceConfig``.
///
/// Thread-safety: a plain `Sendable` value.
public struct PaymentsSettings: Sendable, Equatable {
    /// The placeholder used when `STRIPE_PUBLISHABLE_KEY` is not set: a syntactically valid
    /// test-mode key that a real app cannot use (set the real `pk_test_…`/`pk_live_…` key).
    public static let placeholderPublishableKey = "pk_test_connectbus_placeholder"

    /// The platform's publishable key the mobile app initialises Stripe with (returned by
    /// `payments.create_payment_sheet`). Publishable keys are not secrets.
    public var publishableKey: String

    /// Settings with the given key (default: the placeholder).
    public init(publishableKey: String = PaymentsSettings.placeholderPublishableKey) {
        self.publishableKey = publishableKey
    }

    /// Reads `STRIPE_PUBLISHABLE_KEY` (or the file named by `STRIPE_PUBLISHABLE_KEY_FILE`);
    /// absent or empty → the placeholder.
    /// - Throws: `PaymentsSettings.Problem` when the key does not start with `pk_` or the
    ///   file cannot be read.
    public static func fromEnvironment(_ env: [String: String]) throws -> PaymentsSettings {
        var key = env["STRIPE_PUBLISHABLE_KEY"]
        if key == nil, let path = env["STRIPE_PUBLISHABLE_KEY_FILE"] {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw Problem(message: "STRIPE_PUBLISHABLE_KEY_FILE: cannot read \(path)")
            }
            key = String(decoding: data, as: UTF8.self).trimmingSpacesAndNewlines()
        }
        guard let key, !key.isEmpty else { return PaymentsSettings() }
        guard key.hasPrefix("pk_") else {
            throw Problem(message: "STRIPE_PUBLISHABLE_KEY: expected a publishable key starting with pk_")
        }
        return PaymentsSettings(publishableKey: key)
    }

    /// A configuration problem, naming the variable.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, starting with the variable name.
        public var message: String
        /// The message.
        public var description: String { message }
    }
}
