/// The HTTP methods Stripe's API uses.
public enum HTTPMethod: String, Sendable, Equatable {
    /// Read; parameters go in the query string.
    case get = "GET"
    /// Create or update; parameters go in the form body; always carries an `Idempotency-Key`.
    case post = "POST"
    /// Delete; parameters go in the query string.
    case delete = "DELETE"
}
