/// How the backfill sweep lists missed events (``BackfillSweeper``).
///
/// Variables (read by ``NotificationsSettings/fromEnvironment(_:)``):
/// - `BACKFILL_INTERVAL_SECONDS` (default 300, 0…86400): time between scheduled sweeps;
///   0 = only at start-up and on `notifications.backfill`.
/// - `BACKFILL_SAFETY_WINDOW_SECONDS` (default 600, 0…2592000): how far before the
///   high-water mark a sweep starts (`created[gte]`), for events created just before the
///   mark whose delivery was still pending when the mark was taken.
/// - `BACKFILL_TYPES`: comma-separated event types to list (`types[]`, at most 20, Stripe's
///   limit); default ``defaultTypes`` (what the suite's services consume); `*` = every type.
/// - `BACKFILL_ONLY_FAILED` (default `true`): list with `delivery_success=false` (Stripe's
///   events still pending or failed at some endpoint), the events a webhook outage loses;
///   `false` lists every event (more requests; for an endpoint that was never subscribed).
/// - `BACKFILL_PAGE_SIZE` (default 100, 1…100): `limit` of each page.
/// - `BACKFILL_UNREACHABLE_RETRY_SECONDS` (default 86400, 0…2592000): how long a connected
///   account whose listing Stripe refused with `account_invalid` (it deauthorized the
///   platform, or no longer exists) is left out of the scheduled sweeps before it is tried
///   again; 0 = tried on every sweep. A `notifications.backfill` request tries every scope.
/// Thread-safe value type.
public struct BackfillSettings: Sendable, Equatable {
    /// Seconds between scheduled sweeps; 0 = none.
    public var intervalSeconds: Int
    /// Seconds subtracted from the high-water mark.
    public var safetyWindowSeconds: Int
    /// `types[]` of each listing; empty = every type.
    public var types: [String]
    /// Whether to list only events not yet delivered (`delivery_success=false`).
    public var onlyFailed: Bool
    /// Events per page (`limit`, 1…100).
    public var pageSize: Int
    /// Seconds an unreachable connected account (`account_invalid`) is skipped by scheduled
    /// sweeps; 0 = never skipped.
    public var unreachableRetrySeconds: Int

    /// The Stripe event types the suite's services consume (payments, onboarding, terminal
    /// gateway bindings on `connectbus.events`, without the `stripe.` prefix).
    public static let defaultTypes = [
        "account.updated", "account.application.deauthorized", "charge.refunded",
        "checkout.session.completed", "checkout.session.expired", "checkout.session.async_payment_succeeded",
        "checkout.session.async_payment_failed", "payment_intent.succeeded", "payment_intent.processing",
        "payment_intent.payment_failed", "payment_intent.canceled", "payment_intent.amount_capturable_updated",
        "terminal.reader.action_succeeded", "terminal.reader.action_failed", "setup_intent.succeeded",
    ]

    /// Settings with the defaults above.
    public init(
        intervalSeconds: Int = 300, safetyWindowSeconds: Int = 600, types: [String] = BackfillSettings.defaultTypes,
        onlyFailed: Bool = true, pageSize: Int = 100, unreachableRetrySeconds: Int = 86_400
    ) {
        self.intervalSeconds = intervalSeconds
        self.safetyWindowSeconds = safetyWindowSeconds
        self.types = types
        self.onlyFailed = onlyFailed
        self.pageSize = pageSize
        self.unreachableRetrySeconds = unreachableRetrySeconds
    }
}
