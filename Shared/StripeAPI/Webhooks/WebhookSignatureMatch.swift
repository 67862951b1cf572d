/// What a verified `Stripe-Signature` header says about the secrets, for the operator: which
/// configured secret matched and whether Stripe also signed with one that is not configured.
///
/// During a secret roll Stripe signs every delivery with the old and the new secret (one `v1`
/// each) until the overlap ends; a header with a `v1` that matches none of the secrets while
/// another one matches means the endpoint has a secret this process does not know, and its
/// deliveries will fail once the overlap ends. Secrets themselves never appear here.
/// Thread-safe value type.
public struct WebhookSignatureMatch: Sendable, Equatable {
    /// Position (0-based) in the given list (newest first) of the first secret a `v1` matched.
    public var secretIndex: Int
    /// `v1` signatures of the header that match none of the secrets.
    public var unmatchedSignatures: Int

    /// Creates a match.
    public init(secretIndex: Int, unmatchedSignatures: Int) {
        self.secretIndex = secretIndex
        self.unmatchedSignatures = unmatchedSignatures
    }
}
