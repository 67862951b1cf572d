/// Every message type of the terminal domain, for the catalogue and for routing.
public enum TerminalMessages {
    /// Commands first, then events.
    public static let all: [any BusMessage.Type] = []
}
