public import StripeAPI

/// A connected account's payout as the service keeps it, and the rule that folds Stripe's
/// `payout.*` events into it (pure, no I/O).
///
/// Events may arrive in any order and more than once: the status only moves forward
/// (`pending` → `in_transit` → `paid` → `failed` or `canceled`; Stripe may fail a payout it
/// reported paid), and each event type is announced once per payout, even when it arrived
/// after a later one (a `payout.created` overtaken by its `payout.paid` is still announced,
/// without moving the status back). Value type, Sendable.
public struct PayoutRecord: Sendable, Equatable {
    /// The connected account.
    public var accountId: String
    /// The payout as last applied.
    public var payout: Payout
    /// The `payout.*` event types already announced as `onboarding.payout.*`.
    public var announced: Set<String>
    /// Unix seconds of the newest Stripe event applied.
    public var lastStripeUpdate: Int64

    /// Creates a record.
    public init(accountId: String, payout: Payout, announced: Set<String>, lastStripeUpdate: Int64) {
        self.accountId = accountId
        self.payout = payout
        self.announced = announced
        self.lastStripeUpdate = lastStripeUpdate
    }

    /// The order of statuses: a status never gives way to a lower one.
    static func rank(_ status: Payout.Status) -> Int {
        switch status {
        case .pending, .unknown: 0
        case .inTransit: 1
        case .paid: 2
        case .failed, .canceled: 3
        }
    }

    /// What an event does to the stored record (nil: not recorded yet).
    /// - Returns: the record to store (nil when nothing changes) and whether to announce
    ///   the event's type.
    public static func apply(
        _ type: AccountEventType, payout: Payout, created: Int64, accountId: String, to stored: PayoutRecord?
    ) -> (record: PayoutRecord?, announce: Bool) {
        guard var record = stored else {
            return (PayoutRecord(accountId: accountId, payout: payout, announced: [type.rawValue], lastStripeUpdate: created), true)
        }
        let announce = !record.announced.contains(type.rawValue)
        let before = record
        if announce { record.announced.insert(type.rawValue) }
        if rank(payout.status) > rank(record.payout.status) {
            record.payout = payout
            record.lastStripeUpdate = max(record.lastStripeUpdate, created)
        }
        return (record == before ? nil : record, announce)
    }
}
