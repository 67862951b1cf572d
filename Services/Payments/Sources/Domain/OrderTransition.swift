/// The result of applying one ``OrderInput``: the new progress, the effects to carry out,
/// and whether the input changed anything.
public struct OrderTransition: Sendable, Equatable {
    /// Why an input was or was not applied.
    public enum Disposition: Sendable, Equatable {
        /// The input moved the order (see ``OrderTransition/effects``).
        case applied
        /// The order is already there (a duplicate event).
        case duplicate
        /// The input is older than what the order already knows (a late event).
        case stale
    }

    /// The order's progress after the input (unchanged unless `applied`).
    public var progress: OrderProgress
    /// Effects in the order they must be carried out.
    public var effects: [OrderEffect]
    /// Applied, duplicate or stale.
    public var disposition: Disposition
}
