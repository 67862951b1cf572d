#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import Runtime
import StripeAPI

/// What the ingress tells the operator besides its counters: rate-limited log lines for
/// refused deliveries and for secrets that need attention, and each route's recent
/// deliveries on `/readyz`. Nothing here names a secret: only the variable that lists them,
/// how many it lists and a 1-based position in that list (fields `keys_variable`,
/// `keys_configured`, `key_position`: a field named `*secret*` would be masked by the
/// logger's ``Redaction``).
extension WebhookIngress {
    /// One ``ReadinessCheck`` per route (`webhooks.platform`, `webhooks.connect`) with its
    /// deliveries of the last 300 s; degraded when at least 5 arrived and most were rejected.
    /// Quick and lock-short: called on every `/readyz`.
    public func readinessChecks() -> [ReadinessCheck] {
        deliveries.readinessChecks(at: now())
    }

    /// Records an accepted delivery and logs (rate-limited) what its signature says about the
    /// secrets: a `v1` that no configured secret matches (Stripe signs with the old and the
    /// new secret during a roll, so the new one is missing), or a match only on an older
    /// secret (the newer entries match nothing).
    func report(accepted endpoint: WebhookEndpoint, _ signature: WebhookSignatureMatch?) {
        let at = now()
        let unconfigured = (signature?.unmatchedSignatures ?? 0) > 0
        deliveries.record(endpoint, rejected: nil, unconfiguredSecret: unconfigured, at: at)
        guard let signature else { return }
        let configured = settings.secrets(for: endpoint).count
        var fields = [
            "endpoint": endpoint.rawValue, "keys_variable": endpoint.secretsVariable,
            "keys_configured": String(configured), "key_position": String(signature.secretIndex + 1),
        ]
        if unconfigured, let held = logLimiter.admit("\(endpoint.rawValue)/unconfigured_secret", at: at) {
            fields["unmatched_signatures"] = String(signature.unmatchedSignatures)
            fields["suppressed"] = String(held)
            log.warning(
                "webhook accepted, but Stripe also signs it with a secret missing from \(endpoint.secretsVariable): "
                    + "during a secret roll add the new secret before the overlap ends, or every delivery fails from then on",
                fields)
        }
        if signature.secretIndex > 0, let held = logLimiter.admit("\(endpoint.rawValue)/older_secret", at: at) {
            fields["suppressed"] = String(held)
            log.warning(
                "webhook verified with secret \(signature.secretIndex + 1) of \(configured) in \(endpoint.secretsVariable): "
                    + "the newer secret(s) before it match nothing; check the list before removing the older one",
                fields)
        }
    }

    /// Records a refused request (not a `POST`: not a delivery, not recorded) and logs it,
    /// at most once per ``WebhookSettings/logInterval`` per route and reason, with the number
    /// of the same refusals held back since the previous line. `unavailable` is logged by the
    /// store path with its error and not again here.
    func report(_ rejection: WebhookRejection, _ endpoint: WebhookEndpoint, detail: [String: String]) {
        let at = now()
        guard rejection != .wrongMethod else { return }
        deliveries.record(endpoint, rejected: rejection.reason, at: at)
        guard rejection != .unavailable,
            let held = logLimiter.admit("\(endpoint.rawValue)/\(rejection.reason)", at: at)
        else { return }
        var fields = detail
        fields["endpoint"] = endpoint.rawValue
        fields["path"] = endpoint.path
        fields["reason"] = rejection.reason
        fields["status"] = String(rejection.status)
        fields["suppressed"] = String(held)
        if Self.isSignature(rejection) {
            fields["keys_variable"] = endpoint.secretsVariable
            fields["keys_configured"] = String(settings.secrets(for: endpoint).count)
        }
        log.warning("webhook rejected: \(Self.explanation(rejection, endpoint))", fields)
    }

    /// Log fields of a signature failure that help and reveal nothing (the age of a stale
    /// timestamp; the fixed text of a malformed header).
    static func logFields(_ error: WebhookSignatureError) -> [String: String] {
        switch error {
        case .staleTimestamp(let age): ["age_seconds": String(age)]
        case .malformedHeader(let why): ["detail": why]
        default: [:]
        }
    }

    private static func isSignature(_ rejection: WebhookRejection) -> Bool {
        switch rejection {
        case .missingSignature, .malformedSignature, .noV1Signature, .staleSignature, .signatureMismatch, .noSecrets: true
        default: false
        }
    }

    /// The sentence of the log line: what the refusal usually means.
    private static func explanation(_ rejection: WebhookRejection, _ endpoint: WebhookEndpoint) -> String {
        switch rejection {
        case .signatureMismatch:
            "no v1 signature matches any secret in \(endpoint.secretsVariable) "
                + "(a rolled secret missing from the list, the other endpoint's secret, or a changed body)"
        case .staleSignature: "the signature is valid but its timestamp is older than the tolerance (a replay, or a clock far behind)"
        case .noSecrets: "\(endpoint.secretsVariable) lists no secret"
        case .missingSignature: "no Stripe-Signature header (not sent by Stripe)"
        case .malformedSignature, .noV1Signature: "the Stripe-Signature header has no usable t= and v1= (not sent by Stripe)"
        default: "answered \(rejection.status) \(rejection.code)"
        }
    }
}
