/// How the mobile PaymentSheet gets access to the customer.
public enum PaymentSheetCustomerKey: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// A CustomerSession client secret for the mobile payment element (save and remove features
    /// enabled).
    case customerSession = "customer_session"
    /// A legacy ephemeral key for the customer, made for the SDK's `api_version`.
    case ephemeralKey = "ephemeral_key"
}
