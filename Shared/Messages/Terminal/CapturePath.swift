/// Which path captured a card-present payment.
public enum CapturePath: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// A `terminal.capture_payment` command.
    case command
    /// A `terminal.reconcile` run (the order was completed).
    case reconciliation
}
