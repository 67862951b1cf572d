/// The endpoint of a Stripe request as Stripe's per-endpoint limit counts it: the method and
/// the path with every object id replaced by `{id}`, e.g. `POST /v1/payment_intents/{id}/capture`
/// (https://docs.stripe.com/rate-limits: each named operation is its own endpoint; requests
/// for different ids share one). A segment is an id when it holds a digit or a capital
/// (`pi_3Nx…`, `acct_1…`, `cus_NffrFeUfNV2Hib`); resource and action names
/// (`payment_intents`, `capture`) are lower-case letters and underscores. `v1` stays. The
/// query string is dropped.
public enum StripeEndpoint {
    /// The endpoint name of `method` `path`.
    public static func name(method: String, path: String) -> String {
        let bare = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
        let segments = bare.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            segment != "v1" && segment.contains(where: { $0.isNumber || $0.isUppercase }) ? "{id}" : String(segment)
        }
        return method.uppercased() + " " + segments.joined(separator: "/")
    }
}
