/// The part of an order the state machine reads and writes.
///
/// Thread-safety: a plain `Sendable` value.
public struct OrderProgress: Sendable, Equatable {
    /// Current state.
    public var state: OrderState
    /// `created` of the newest lifecycle input applied (Unix seconds; 0 before any).
    public var lastEventAt: Int
    /// The amount to pay, when known (smallest currency unit).
    public var amount: Int?
    /// Everything refunded so far (smallest currency unit).
    public var amountRefunded: Int

    /// A progress value; a new order is `open` with nothing refunded.
    public init(state: OrderState = .open, lastEventAt: Int = 0, amount: Int? = nil, amountRefunded: Int = 0) {
        self.state = state
        self.lastEventAt = lastEventAt
        self.amount = amount
        self.amountRefunded = amountRefunded
    }
}
