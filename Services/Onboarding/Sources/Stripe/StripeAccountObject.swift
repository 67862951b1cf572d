/// The fields of Stripe's Account object (Accounts v1) this service reads, decoded from
/// an API response or an event's `data.object`; unknown fields are ignored.
///
/// Stripe reference: "The Account object" — `id`, `created` (Unix seconds),
/// `details_submitted`, `charges_enabled`, `payouts_enabled`, `requirements`. Sendable value.
struct StripeAccountObject: Decodable, Sendable, Equatable {
    /// `acct_…`; optional only so a missing id can be reported by name.
    var id: String?
    /// Unix seconds when the account was created.
    var created: Int64?
    /// `details_submitted`.
    var detailsSubmitted: Bool?
    /// `charges_enabled`.
    var chargesEnabled: Bool?
    /// `payouts_enabled`.
    var payoutsEnabled: Bool?
    /// `requirements`.
    var requirements: Requirements?

    /// `requirements`: what Stripe still needs.
    struct Requirements: Decodable, Sendable, Equatable {
        /// `currently_due`.
        var currentlyDue: [String]?
        /// `past_due`.
        var pastDue: [String]?
        /// `disabled_reason`.
        var disabledReason: String?
        /// `eventually_due`.
        var eventuallyDue: [String]?
        /// `current_deadline`, Unix seconds.
        var currentDeadline: Int64?

        /// Wire names.
        enum CodingKeys: String, CodingKey {
            case currentlyDue = "currently_due", pastDue = "past_due", disabledReason = "disabled_reason"
            case eventuallyDue = "eventually_due", currentDeadline = "current_deadline"
        }
    }

    /// Wire names.
    enum CodingKeys: String, CodingKey {
        case id, created, requirements
        case detailsSubmitted = "details_submitted", chargesEnabled = "charges_enabled", payoutsEnabled = "payouts_enabled"
    }

    /// The snapshot of this object as observed at `observedAt` (Unix seconds); `nil` without an id.
    func snapshot(observedAt: Int64) -> AccountSnapshot? {
        guard let id else { return nil }
        return AccountSnapshot(accountId: id, observedAt: observedAt, detailsSubmitted: detailsSubmitted ?? false,
                               chargesEnabled: chargesEnabled ?? false, payoutsEnabled: payoutsEnabled ?? false,
                               currentlyDue: requirements?.currentlyDue ?? [], pastDue: requirements?.pastDue ?? [],
                               disabledReason: requirements?.disabledReason,
                               eventuallyDue: requirements?.eventuallyDue ?? [],
                               currentDeadline: requirements?.currentDeadline)
    }
}
