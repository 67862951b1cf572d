import StripeAPI

/// Fields of Stripe's answers this service relies on that StripeAPI's models leave optional
/// (Stripe always sends them: an Account's `created`, an Account Link's `expires_at`).
enum StripeAnswer {
    /// `value`, or, when Stripe's answer lacks it, a `decoding` ``StripeError`` naming
    /// `field` of the `object` from `path`, with the request id of the client's last response.
    /// - Throws: `StripeError` (`decoding_failed`).
    static func required<T>(
        _ value: T?, _ field: String, of object: String, from path: String,
        client: StripeClient
    ) throws(StripeError) -> T {
        guard let value else {
            throw StripeError(
                kind: .decoding, code: "decoding_failed", message: "\(object) from \(path) lacks \(field)",
                requestId: client.lastResponse?.requestId)
        }
        return value
    }
}
