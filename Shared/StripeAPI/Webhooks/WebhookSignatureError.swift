/// Why a `Stripe-Signature` header was rejected. Messages never contain the secrets.
public enum WebhookSignatureError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No `Stripe-Signature` header, or an empty one.
    case missingHeader
    /// The header has no valid `t=<unix seconds>` element (or is otherwise unreadable).
    case malformedHeader(String)
    /// The header has a timestamp but no `v1=` signature.
    case noV1Signature
    /// A `v1` signature matched, but the timestamp is older than the tolerance.
    case staleTimestamp(ageSeconds: Int)
    /// No `v1` signature matches any of the secrets (wrong secret or tampered body).
    case noMatch
    /// No secret was configured to verify with.
    case noSecrets

    /// A stable machine code, e.g. `webhook.stale_timestamp`.
    public var code: String {
        switch self {
        case .missingHeader: "webhook.missing_header"
        case .malformedHeader: "webhook.malformed_header"
        case .noV1Signature: "webhook.no_v1_signature"
        case .staleTimestamp: "webhook.stale_timestamp"
        case .noMatch: "webhook.signature_mismatch"
        case .noSecrets: "webhook.no_secrets"
        }
    }

    /// A log-safe explanation.
    public var description: String {
        switch self {
        case .missingHeader: "missing Stripe-Signature header"
        case .malformedHeader(let reason): "malformed Stripe-Signature header: \(reason)"
        case .noV1Signature: "Stripe-Signature header has no v1 signature"
        case .staleTimestamp(let age): "Stripe-Signature timestamp is \(age) s old, beyond the tolerance"
        case .noMatch: "no v1 signature matches the webhook secrets"
        case .noSecrets: "no webhook secret configured"
        }
    }
}
