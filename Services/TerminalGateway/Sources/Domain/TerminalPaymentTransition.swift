/// The result of applying one input: the new payment and what to publish.
public struct TerminalPaymentTransition: Sendable, Equatable {
    /// The payment after the input (equal to the old one when nothing changed).
    public var payment: TerminalPayment
    /// Events to publish, in order (empty for duplicates, stale and ignored inputs).
    public var effects: [TerminalPaymentEffect]

    /// A transition.
    public init(payment: TerminalPayment, effects: [TerminalPaymentEffect] = []) {
        self.payment = payment
        self.effects = effects
    }
}
