import Foundation
import HTTPServer

/// `/sim/webhooks/…`: endpoints (with start-up ones), secret rotation, chaos, held events,
/// the retry schedule and the delivery log.
extension StripeSimulator {
    func webhooksCall(_ method: String, _ rest: [String], _ args: ControlArguments) throws(ControlError) -> HTTPResponse {
        switch (method, rest[0], rest.count) {
        case ("GET", "endpoints", 1):
            try args.requireOnly([])
            return Self.ok(["object": "list", "data": .array(endpointsJSON())])
        case ("POST", "endpoints", 3) where rest[2] == "rotate_secret":
            try args.requireOnly(["overlap_seconds"])
            let overlap = try args.int("overlap_seconds", in: 0...(7 * 86_400)) ?? 86_400
            return Self.ok(try rotateSecret(rest[1], overlapSeconds: overlap))
        case ("GET", "chaos", 1):
            try args.requireOnly([])
        case ("POST", "chaos", 1):
            try args.requireOnly(["endpoint", "duplicate_rate", "delay_seconds", "hold_next", "down"])
            let endpoint = try args.string("endpoint") ?? "*"
            if endpoint != "*" { _ = try knownEndpoint(endpoint) }
            var chaos = dispatcher.chaosSettings[endpoint] ?? WebhookChaos()
            if let rate = try args.double("duplicate_rate", in: 0...1) { chaos.duplicateRate = rate }
            if let delay = try args.double("delay_seconds", in: 0...(7 * 86_400)) { chaos.delaySeconds = delay }
            if let hold = try args.int("hold_next", in: 0...10_000) { chaos.holdNext = hold }
            if let down = try args.bool("down") { chaos.down = down }
            dispatcher.setChaos(chaos, for: endpoint)
        case ("DELETE", "chaos", 1):
            try args.requireOnly(["endpoint"])
            if let endpoint = try args.string("endpoint") {
                dispatcher.setChaos(nil, for: endpoint)
            } else {
                dispatcher.clearChaos()
            }
        case ("POST", "release", 1):
            try args.requireOnly(["endpoint"])
            let released = dispatcher.release(endpointId: try args.string("endpoint"))
            return Self.ok(["object": "sim.release", "released": .int(released)])
        case ("GET", "retry_schedule", 1):
            try args.requireOnly([])
            return Self.ok(retryScheduleJSON)
        case ("POST", "retry_schedule", 1):
            try args.requireOnly(["schedule"])
            let schedule: [Double]?
            switch args.values["schedule"] {
            case .string(let name)?: schedule = SimulatorCommandLine.retrySchedule(name)
            case .array(let waits)?:
                let numbers = waits.compactMap { value -> Double? in
                    if case .int(let i) = value { return Double(i) }
                    if case .double(let d) = value { return d }
                    return nil
                }
                schedule = numbers.count == waits.count && numbers.allSatisfy({ $0 >= 0 }) ? numbers : nil
            default: schedule = nil
            }
            guard let schedule else {
                throw ControlError("Invalid schedule: use \"fast\", \"stripe\" or an array of seconds.", param: "schedule")
            }
            dispatcher.retrySchedule = schedule
            return Self.ok(retryScheduleJSON)
        case ("GET", "deliveries", 1):
            return Self.ok(try deliveriesAnswer(args))
        case ("GET", "listen", 1):
            try args.requireOnly([])
            return Self.ok(["object": "sim.listen", "secret": .string(locked { listenSecret() })])
        case ("POST", "listen", 1):
            return Self.ok(try startListening(args))
        case ("DELETE", "listen", 2):
            try args.requireOnly([])
            return Self.ok(try stopListening(rest[1]))
        default:
            throw ControlError("Unrecognized control request (\(method) /sim/webhooks/\(rest.joined(separator: "/"))).", status: 404)
        }
        return Self.ok(chaosJSON)
    }

    private var retryScheduleJSON: JSONValue {
        let schedule = dispatcher.retrySchedule
        return [
            "object": "sim.retry_schedule", "waits_seconds": .array(schedule.map { .double($0) }),
            "attempts": .int(schedule.count + 1), "total_seconds": .double(schedule.reduce(0, +)),
        ]
    }

    private var chaosJSON: JSONValue {
        let settings = dispatcher.chaosSettings
        return [
            "object": "sim.webhook_chaos",
            "endpoints": .object(settings.mapValues(\.json)),
            "held": .array(dispatcher.heldEvents),
        ]
    }

    private func knownEndpoint(_ id: String) throws(ControlError) -> SimState.Endpoint {
        let endpoint = locked { state.endpoints.first { $0.id == id } }
        guard let endpoint else { throw ControlError("No such webhook endpoint: '\(id)'", param: "endpoint", code: "resource_missing", status: 404) }
        return endpoint
    }

    /// Every endpoint (start-up and API-created) without secrets, with its chaos.
    private func endpointsJSON() -> [JSONValue] {
        let chaos = dispatcher.chaosSettings
        return locked {
            state.endpoints.map { endpoint in
                [
                    "id": .string(endpoint.id), "object": "sim.webhook_endpoint", "url": .string(endpoint.config.url),
                    "connect": .bool(endpoint.config.connect), "enabled_events": .strings(endpoint.config.enabledEvents),
                    "previous_secret_expires_at": .optional(endpoint.previousSecretExpiresAt), "listen": .bool(endpoint.config.listen),
                    "chaos": (chaos[endpoint.id] ?? chaos["*"])?.json ?? nil,
                ]
            }
        }
    }

    /// Rolls an endpoint's secret: a new one signs from now on, the old one keeps signing
    /// (a second `v1`) for `overlapSeconds` by the simulator's clock, as Stripe's roll
    /// with an expiry does.
    private func rotateSecret(_ id: String, overlapSeconds: Int) throws(ControlError) -> JSONValue {
        let rotated = locked { () -> JSONValue? in
            guard let index = state.endpoints.firstIndex(where: { $0.id == id }) else { return nil }
            let secret = SimIDs.make("whsec", length: 32)
            let expires = state.now + overlapSeconds
            state.endpoints[index].previousSecret = overlapSeconds > 0 ? state.endpoints[index].config.secret : nil
            state.endpoints[index].previousSecretExpiresAt = overlapSeconds > 0 ? expires : nil
            state.endpoints[index].config.secret = secret
            return [
                "id": .string(id), "object": "sim.webhook_endpoint", "secret": .string(secret),
                "previous_secret_expires_at": overlapSeconds > 0 ? .int(expires) : nil,
            ]
        }
        guard let rotated else { throw ControlError("No such webhook endpoint: '\(id)'", code: "resource_missing", status: 404) }
        return rotated
    }

    /// The delivery log filtered by `event`, `endpoint`, `type` (`x.*` prefix), `status`,
    /// `failed=true|false`, `after` (attempts whose `seq` is greater), newest last, at most
    /// `limit` (default 100) of the latest; `cursor` is the latest `seq` of the whole log,
    /// to pass as `after` on the next call (`connectbus sim listen` follows the log so).
    func deliveriesAnswer(_ args: ControlArguments) throws(ControlError) -> JSONValue {
        try args.requireOnly(["event", "endpoint", "type", "status", "failed", "after", "limit"])
        let event = try args.string("event"), endpoint = try args.string("endpoint"), type = try args.string("type")
        let status = try args.int("status", in: 0...999), failed = try args.bool("failed")
        let after = try args.int("after", in: 0...Int.max) ?? 0
        let limit = try args.int("limit", in: 1...10_000) ?? 100
        let cursor = dispatcher.latestSequence
        let matching = dispatcher.deliveries.filter { record in
            record.sequence > after && record.sequence <= cursor
                && (event == nil || record.eventId == event) && (endpoint == nil || record.endpointId == endpoint)
                && (type.map { Self.typeMatches($0, record.eventType) } ?? true)
                && (status == nil || record.status == status)
                && (failed == nil || (200..<300).contains(record.status) != failed)
        }
        return [
            "object": "list", "total": .int(matching.count), "pending": .int(dispatcher.pendingCount), "cursor": .int(cursor),
            "data": .array(matching.suffix(limit).map(\.json)),
        ]
    }

    /// `pattern` equal to `type`, or a `prefix.*` pattern.
    static func typeMatches(_ pattern: String, _ type: String) -> Bool {
        pattern.hasSuffix("*") ? type.hasPrefix(String(pattern.dropLast())) : pattern == type
    }
}
