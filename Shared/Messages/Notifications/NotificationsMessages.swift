/// Every message type of the notifications domain, for the catalogue and for routing.
public enum NotificationsMessages {
    /// Commands first, then events.
    public static let all: [any BusMessage.Type] = [
        BackfillStripeEvents.self,
        EmailSent.self,
        EmailFailed.self,
        EmailSkipped.self,
    ]
}
