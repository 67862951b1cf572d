/// Every message type of the onboarding domain, for the catalogue and for routing.
public enum OnboardingMessages {
    /// Commands first, then events.
    public static let all: [any BusMessage.Type] = []
}
