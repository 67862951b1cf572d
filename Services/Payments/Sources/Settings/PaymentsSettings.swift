#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import Runtime
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

    /// The default of ``disputeEvidenceReminderSeconds``: 3 days.
    public static let defaultDisputeEvidenceReminderSeconds = 3 * 86_400

    /// How long before a dispute's `evidence_due_by` `payments.dispute.evidence_due_soon` is
    /// published (`DISPUTE_EVIDENCE_REMINDER`: a whole number of `s`, `m`, `h` or `d` up to
    /// `30d`; `0` or `off`: never), in seconds.
    public var disputeEvidenceReminderSeconds: Int
    /// The shipping rules `payments.quote_shipping` and `payments.confirm_payment`'s
    /// `shipping_method` use (`SHIPPING_RULES`, JSON, or `SHIPPING_RULES_FILE`; default
    /// ``ShippingRules/none``: no shipping offered).
    public var shippingRules: ShippingRules = .none
    /// The local time, each morning, at which every seller's statement of the day before is
    /// made and published as `payments.statement.ready` (`STATEMENT_LOCAL_TIME`, `HH:MM`;
    /// default 00:30; `off`: no daily statements).
    public var statementLocalTime: LocalTime? = LocalTime(hour: 0, minute: 30)
    /// The IANA time zone of the sellers' days (`STATEMENT_TIME_ZONE`, default `UTC`).
    public var statementTimeZone = "UTC"

    /// Settings with the given key (default: the placeholder) and reminder lead.
    public init(
        publishableKey: String = PaymentsSettings.placeholderPublishableKey,
        disputeEvidenceReminderSeconds: Int = PaymentsSettings.defaultDisputeEvidenceReminderSeconds
    ) {
        self.publishableKey = publishableKey
        self.disputeEvidenceReminderSeconds = disputeEvidenceReminderSeconds
    }

    /// Reads `STRIPE_PUBLISHABLE_KEY` (or the file named by `STRIPE_PUBLISHABLE_KEY_FILE`)
    /// from `reader`; absent or empty → the placeholder. A key that does not start with
    /// `pk_` (or an unreadable file) is reported on `reader` and the placeholder is kept.
    /// Then `DISPUTE_EVIDENCE_REMINDER`, `STATEMENT_LOCAL_TIME`, `STATEMENT_TIME_ZONE` and
    /// `SHIPPING_RULES` (a malformed value is reported).
    public init(reading reader: inout EnvironmentReader) {
        self.init()
        let reminder = reader.duration(
            "DISPUTE_EVIDENCE_REMINDER", default: .seconds(Self.defaultDisputeEvidenceReminderSeconds), max: .seconds(30 * 86_400))
        disputeEvidenceReminderSeconds = Int(reminder?.components.seconds ?? 0)
        if let raw = reader.string("STATEMENT_LOCAL_TIME") {
            if raw == "off" {
                statementLocalTime = nil
            } else if let parsed = LocalTime(parsing: raw) {
                statementLocalTime = parsed
            } else {
                reader.report("STATEMENT_LOCAL_TIME", "must be HH:MM (24-hour) or off")
            }
        }
        if let raw = reader.string("STATEMENT_TIME_ZONE") {
            if Self.isKnownZone(raw) {
                statementTimeZone = raw
            } else {
                reader.report("STATEMENT_TIME_ZONE", "must be an IANA time zone such as Europe/Paris")
            }
        }
        if let rules = reader.string("SHIPPING_RULES") {
            do {
                shippingRules = try ShippingRules.parse(rules)
            } catch {
                reader.report("SHIPPING_RULES", error.description)
            }
        }
        guard let key = reader.string("STRIPE_PUBLISHABLE_KEY")?.trimmingSpacesAndNewlines(), !key.isEmpty else { return }
        guard key.hasPrefix("pk_") else {
            reader.report("STRIPE_PUBLISHABLE_KEY", "expected a publishable key starting with pk_")
            return
        }
        publishableKey = key
    }

    /// Whether `zone` names a zone of the system's time zone database (`UTC`, `Europe/Paris`,
    /// …: a TZif file Runtime's ``TimeZoneDatabase`` reads, so `Europe` or `zone.tab` are not);
    /// Postgres, which computes the statement days (`AT TIME ZONE`), knows the same zones.
    static func isKnownZone(_ zone: String) -> Bool {
        TimeZoneDatabase.system.rules(for: zone) != nil
    }

    /// Reads the settings from `env` alone (the service reads them with its ``ServiceConfig``).
    /// - Throws: ``Problem`` naming each bad variable.
    public static func fromEnvironment(_ env: [String: String]) throws(Problem) -> PaymentsSettings {
        var reader = EnvironmentReader(env)
        let settings = PaymentsSettings(reading: &reader)
        guard reader.problems.isEmpty else {
            throw Problem(message: reader.problems.map { "\($0.variable): \($0.message)" }.joined(separator: "; "))
        }
        return settings
    }

    /// A configuration problem, naming the variable.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, starting with the variable name.
        public var message: String
        /// The message.
        public var description: String { message }
    }
}
