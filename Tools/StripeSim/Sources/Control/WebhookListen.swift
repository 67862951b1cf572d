import Foundation

/// `POST /sim/webhooks/listen` and `DELETE /sim/webhooks/listen/<we_id>`: the temporary
/// endpoints of `connectbus sim listen`, the simulator's twin of `stripe listen`
/// (docs.stripe.com/cli/listen).
///
/// The simulator delivers to the target itself, as it delivers to every endpoint (signed,
/// retried on the schedule, chaos applied, in the delivery log); the CLI only follows the
/// delivery log (`GET /sim/webhooks/deliveries?endpoint=…&after=…`). So a delivery made
/// while the CLI is busy is neither lost nor delayed, and retries, resends and the
/// dashboard see listen's endpoints like any other.
extension StripeSimulator {
    /// Creates the listener's endpoints: `forward_to` receives the platform's events,
    /// `forward_connect_to` (default `forward_to`, as the Stripe CLI) the connected
    /// accounts' events; `events` (comma-separated event types; default
    /// every type, `*`) filters both; `skip_verify` turns off TLS checks. Both share one secret,
    /// the same for every listen of this process. Answers `{secret, endpoints: [{id, url, connect}]}`.
    /// - Throws: ``ControlError`` (400) for a missing or non-HTTP URL or an unknown argument.
    func startListening(_ args: ControlArguments) throws(ControlError) -> JSONValue {
        try args.requireOnly(["forward_to", "forward_connect_to", "events", "skip_verify"])
        guard let forwardTo = try args.string("forward_to") else {
            throw ControlError("Missing required param: forward_to.", param: "forward_to", code: "parameter_missing")
        }
        let connectTo = try args.string("forward_connect_to") ?? forwardTo
        for (name, url) in [("forward_to", forwardTo), ("forward_connect_to", connectTo)]
        where !(url.hasPrefix("http://") || url.hasPrefix("https://")) {
            throw ControlError("Invalid URL: \(url) (http:// or https://).", param: name, code: "url_invalid")
        }
        let events = (try args.string("events") ?? "*").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let skipVerify = try args.bool("skip_verify") ?? false
        return locked {
            let secret = listenSecret()
            let created = [(forwardTo, false), (connectTo, true)].map { url, connect -> JSONValue in
                var config = WebhookEndpointConfig(url: url, secret: secret, connect: connect, enabledEvents: events.isEmpty ? ["*"] : events)
                config.skipVerify = skipVerify
                config.listen = true
                let id = SimIDs.make("we")
                state.endpoints.append(SimState.Endpoint(id: id, config: config))
                return ["id": .string(id), "url": .string(url), "connect": .bool(connect)]
            }
            return [
                "object": "sim.listen", "secret": .string(secret), "endpoints": .array(created),
                "enabled_events": .strings(events.isEmpty ? ["*"] : events),
            ]
        }
    }

    /// The listeners' signing secret, made at the first call (`GET /sim/webhooks/listen`,
    /// `connectbus sim listen --print-secret`, answers it without registering anything).
    /// Call with the lock held.
    func listenSecret() -> String {
        let secret = state.listenSecret ?? SimIDs.make("whsec", length: 32)
        state.listenSecret = secret
        return secret
    }

    /// Removes one of a listener's endpoints (its deliveries stay in the log; attempts not
    /// yet made fail with `endpoint deleted` and are not retried).
    /// - Throws: ``ControlError`` (404) for an unknown id or an endpoint that is not a listener's.
    func stopListening(_ id: String) throws(ControlError) -> JSONValue {
        let removed = locked { () -> Bool in
            guard state.endpoints.contains(where: { $0.id == id && $0.config.listen }) else { return false }
            state.endpoints.removeAll { $0.id == id }
            return true
        }
        guard removed else {
            throw ControlError("No such listen endpoint: '\(id)'", param: "endpoint", code: "resource_missing", status: 404)
        }
        return ["id": .string(id), "object": "sim.listen_endpoint", "deleted": true]
    }
}
