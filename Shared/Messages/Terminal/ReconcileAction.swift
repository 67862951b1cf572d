/// What reconciliation did with one uncaptured PaymentIntent.
public enum ReconcileAction: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// Captured: the order was completed and not paid by other means.
    case captured
    /// Canceled: the order was not completed, or was paid by other means.
    case canceled
    /// Left alone: still within its window and undecided, or the action failed and will be retried.
    case left
}
