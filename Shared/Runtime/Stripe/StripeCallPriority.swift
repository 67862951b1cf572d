/// Which Stripe requests go first when the fleet is at its budget.
///
/// `interactive` (a command someone waits for: the default of every route) may use the
/// bucket's burst tolerance and reserves the next free slot, however far ahead; `background`
/// (backfill sweeps, reconciliation) is sent only when the bucket is idle (no burst in use,
/// no slot reserved ahead), so it takes what interactive work leaves and never delays it by
/// more than one request. Thread-safety: a value.
public enum StripeCallPriority: String, Sendable, Equatable, CaseIterable {
    /// Commands and replies someone waits for.
    case interactive
    /// Sweeps and reconciliation that may wait.
    case background
}
