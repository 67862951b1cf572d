/// What a transition tells the world: each becomes one `terminal.payment.*` event.
public enum TerminalPaymentEffect: Sendable, Equatable {
    /// Authorized, requires capture (`terminal.payment.authorized`).
    case authorized
    /// Declined; the same PaymentIntent waits for another card (`terminal.payment.declined`).
    case declined
    /// Captured (`terminal.payment.captured`).
    case captured
    /// Canceled (`terminal.payment.canceled`).
    case canceled
}
