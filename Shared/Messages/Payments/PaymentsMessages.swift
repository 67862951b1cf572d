/// Every message type of the payments domain, for the catalogue and for routing.
public enum PaymentsMessages {
    /// Commands first, then events.
    public static let all: [any BusMessage.Type] = []
}
