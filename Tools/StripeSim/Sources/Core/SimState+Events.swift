extension SimState {
    /// Stores an event `{id, object: "event", type, data: {object, previous_attributes}, account?, ...}`
    /// in `scope` and queues it for webhook delivery. Events of a connected account carry
    /// `account`, as Stripe's Connect webhooks do.
    func emit(
        _ type: String, _ object: JSONValue, scope: String, previous: JSONValue? = nil,
        requestId: String? = nil, idempotencyKey: String? = nil
    ) {
        var data: JSONValue = ["object": object]
        if let previous { data["previous_attributes"] = previous }
        var event: JSONValue = [
            "id": .string(SimIDs.make("evt")),
            "object": "event",
            "api_version": .string(apiVersion),
            "created": .int(now),
            "data": data,
            "livemode": false,
            "pending_webhooks": .int(matchingEndpoints(type: type, connect: scope != SimState.platform).count),
            "request": ["id": .optional(requestId), "idempotency_key": .optional(idempotencyKey)],
            "type": .string(type),
        ]
        if scope != SimState.platform { event["account"] = .string(scope) }
        insert(event, scope: scope)
        pendingEvents.append(event)
    }

    /// Endpoints that receive events of `type` (connect endpoints get connected-account events).
    func matchingEndpoints(type: String, connect: Bool) -> [Endpoint] {
        endpoints.filter { endpoint in
            endpoint.config.connect == connect && !endpoint.disabled
                && (endpoint.config.enabledEvents.contains("*") || endpoint.config.enabledEvents.contains(type))
        }
    }

    /// The members of `new` that differ from `old`, with their old values: Stripe's
    /// `previous_attributes`.
    static func previousAttributes(old: JSONValue, new: JSONValue) -> JSONValue {
        var previous: [String: JSONValue] = [:]
        for (key, value) in old.objectValue ?? [:] where new[key] != value { previous[key] = value }
        return .object(previous)
    }
}
