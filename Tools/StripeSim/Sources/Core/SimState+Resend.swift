extension SimState {
    /// Queues the stored event `eventId` (of `scope`: the platform or a connected account)
    /// for a new delivery, with a fresh signature when it goes out, to `endpointId`, or
    /// without one to every endpoint that would receive it now (platform events: the
    /// non-Connect endpoints; connected-account events: the Connect endpoints; each by its
    /// `enabled_events`). The event itself is unchanged (`pending_webhooks` included).
    /// Stripe resends events of the last 30 days only (docs.stripe.com/cli/events/resend).
    /// Call with the lock held; the caller drains and delivers the handoff.
    /// - Returns: the event and the endpoints it goes to.
    /// - Throws: ``SimError`` 404 `resource_missing` for an unknown or expired event or an
    ///   unknown endpoint; 400 when the endpoint does not take events of that kind (Connect
    ///   or not) or no endpoint would receive the event.
    func resend(eventId: String, scope: String, endpointId: String?) throws(SimError) -> (event: JSONValue, endpointIds: [String]) {
        let event = try require(eventId, type: "event", scope: scope)
        guard (event["created"]?.intValue ?? 0) >= now - SimState.eventRetention else {
            throw SimError.missingResource("event", eventId, param: "id")
        }
        let connect = event["account"] != nil
        let targets: [String]
        if let endpointId {
            guard let endpoint = endpoints.first(where: { $0.id == endpointId }) else {
                throw SimError.missingResource("webhook endpoint", endpointId, param: "webhook_endpoint")
            }
            guard endpoint.config.connect == connect else {
                throw SimError.invalidRequest(
                    connect
                        ? "The event \(eventId) belongs to a connected account; \(endpointId) is not a Connect webhook endpoint."
                        : "The event \(eventId) belongs to the platform; \(endpointId) is a Connect webhook endpoint.",
                    param: "webhook_endpoint")
            }
            targets = [endpointId]
        } else {
            targets = matchingEndpoints(type: event["type"]?.stringValue ?? "", connect: connect).map(\.id)
            guard !targets.isEmpty else {
                throw SimError.invalidRequest(
                    "No \(connect ? "Connect " : "")webhook endpoint receives \(event["type"]?.stringValue ?? "this event"); pass webhook_endpoint.",
                    param: "webhook_endpoint")
            }
        }
        pendingResends.append((event, targets))
        return (event, targets)
    }
}
