/// What can happen to a card-present payment (the state machine's inputs).
public enum TerminalPaymentInput: Sendable, Equatable {
    /// `process_payment` handed the PaymentIntent to `reader` (idempotency key `key`).
    case processStarted(reader: String, key: String)
    /// The reader's action was canceled (`cancel_reader_action`): the PaymentIntent is free again.
    case readerActionCanceled
    /// Stripe's view of the PaymentIntent (from an event's re-fetch, or a command's answer).
    /// `captureKey` is the idempotency key of the request that caused it, when known.
    case snapshot(PaymentIntentSnapshot, captureKey: String?)
}
