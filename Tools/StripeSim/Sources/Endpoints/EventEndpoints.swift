import HTTPServer

/// `/v1/events` (list with `type`/`types[]`/`delivery_success`/`created[gte|gt|lte|lt]`
/// filters, scoped by `Stripe-Account`, retrieve; events
/// older than 30 days by the simulator's clock are gone, as Stripe keeps them 30 days) and
/// `/v1/webhook_endpoints` (create — the only time `secret` is returned —, list,
/// retrieve, update, delete). See https://docs.stripe.com/api/events and
/// https://docs.stripe.com/api/webhook_endpoints/update (update takes `url`,
/// `enabled_events`, `description`, `disabled`, `metadata`; not `api_version` nor `connect`).
enum EventEndpoints {
    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add(
            "GET", "/v1/events",
            Endpoint(SimList.parameters.union(["type", "types", "delivery_success"])) { call throws(SimError) in
                let type = try call.params.string("type")
                let types = try call.params.stringArray("types")
                let deliverySuccess = try call.params.bool("delivery_success")
                let created = try SimCreatedFilter.parse(call.params)
                let oldest = call.now - SimState.eventRetention
                let items = call.state.list(type: "event", scope: call.scope) { event in
                    let createdAt = event["created"]?.intValue ?? 0
                    guard createdAt >= oldest, created?.matches(createdAt) ?? true else { return false }
                    if let deliverySuccess, ((event["pending_webhooks"]?.intValue ?? 0) == 0) != deliverySuccess { return false }
                    let eventType = event["type"]?.stringValue ?? ""
                    if let type {
                        if type.hasSuffix("*") { return eventType.hasPrefix(String(type.dropLast())) }
                        return eventType == type
                    }
                    return types?.contains(eventType) ?? true
                }
                return try SimList.page(items, url: "/v1/events", params: call.params)
            })
        paths.add(
            "GET", "/v1/events/:id",
            Endpoint([]) { call throws(SimError) in
                let event = try call.state.require(call.id(), type: "event", scope: call.scope)
                guard (event["created"]?.intValue ?? 0) >= call.now - SimState.eventRetention else {
                    throw SimError.missingResource("event", call.id(), param: "id")
                }
                return event
            })
        paths.add(
            "POST", "/v1/webhook_endpoints",
            Endpoint(["url", "enabled_events", "connect", "description", "metadata", "api_version"]) { call throws(SimError) in
                guard call.account == nil else { throw SimError.invalidRequest("Webhook endpoints belong to the platform.", param: nil) }
                let url = try call.params.requiredString("url")
                guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
                    throw SimError.invalidRequest("Invalid URL: \(url)", param: "url", code: "url_invalid")
                }
                guard let events = try call.params.stringArray("enabled_events"), !events.isEmpty else { throw SimError.missing("enabled_events") }
                let connect = try call.params.bool("connect") ?? false
                let secret = SimIDs.make("whsec", length: 32)
                let id = SimIDs.make("we")
                let endpoint: JSONValue = [
                    "id": .string(id), "object": "webhook_endpoint", "api_version": .optional(try call.params.string("api_version")),
                    "application": nil, "created": .int(call.now), "description": .optional(try call.params.string("description")),
                    "enabled_events": .strings(events), "livemode": false, "metadata": try call.params.metadata() ?? [:],
                    "status": "enabled", "url": .string(url),
                ]
                call.state.insert(endpoint, scope: SimState.platform)
                call.state.endpoints.append(
                    SimState.Endpoint(id: id, config: WebhookEndpointConfig(url: url, secret: secret, connect: connect, enabledEvents: events)))
                var created = endpoint
                created["secret"] = .string(secret)
                return created
            })
        paths.add(
            "GET", "/v1/webhook_endpoints",
            Endpoint(SimList.parameters) { call throws(SimError) in
                try SimList.page(call.state.list(type: "webhook_endpoint", scope: call.scope), url: "/v1/webhook_endpoints", params: call.params)
            })
        paths.add(
            "GET", "/v1/webhook_endpoints/:id",
            Endpoint([]) { call throws(SimError) in
                try call.state.require(call.id(), type: "webhook_endpoint", scope: call.scope)
            })
        paths.add(
            "POST", "/v1/webhook_endpoints/:id",
            Endpoint(["url", "enabled_events", "description", "disabled", "metadata"]) { call throws(SimError) in
                try updateEndpoint(call)
            })
        paths.add(
            "DELETE", "/v1/webhook_endpoints/:id",
            Endpoint([]) { call throws(SimError) in
                _ = try call.state.require(call.id(), type: "webhook_endpoint", scope: call.scope)
                call.state.remove(call.id())
                call.state.endpoints.removeAll { $0.id == call.id() }
                return call.deletedObject("webhook_endpoint")
            })
    }

    /// `POST /v1/webhook_endpoints/:id`: changes the given fields (metadata merged, an empty
    /// value unsets a key); the secret stays, and is not in the answer.
    private static func updateEndpoint(_ call: SimCall) throws(SimError) -> JSONValue {
        var endpoint = try call.state.require(call.id(), type: "webhook_endpoint", scope: call.scope)
        guard let index = call.state.endpoints.firstIndex(where: { $0.id == call.id() }) else {
            throw SimError.missingResource("webhook_endpoint", call.id(), param: "id")
        }
        if let url = try call.params.string("url") {
            guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
                throw SimError.invalidRequest("Invalid URL: \(url)", param: "url", code: "url_invalid")
            }
            endpoint["url"] = .string(url)
            call.state.endpoints[index].config.url = url
        }
        if let events = try call.params.stringArray("enabled_events") {
            guard !events.isEmpty else { throw SimError.missing("enabled_events") }
            endpoint["enabled_events"] = .strings(events)
            call.state.endpoints[index].config.enabledEvents = events
        }
        if let description = try call.params.string("description") {
            endpoint["description"] = description.isEmpty ? nil : .string(description)
        }
        if let disabled = try call.params.bool("disabled") {
            endpoint["status"] = disabled ? "disabled" : "enabled"
            call.state.endpoints[index].disabled = disabled
        }
        if let changes = try call.params.metadata()?.objectValue {
            var metadata = endpoint["metadata"]?.objectValue ?? [:]
            for (key, value) in changes {
                metadata[key] = (value.stringValue ?? "").isEmpty ? nil : value
            }
            endpoint["metadata"] = .object(metadata)
        }
        call.state.replace(endpoint)
        return endpoint
    }
}
