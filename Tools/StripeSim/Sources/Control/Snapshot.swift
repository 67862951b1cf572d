import Foundation
import HTTPServer

/// Snapshot and restore (`/sim/snapshot`, `/sim/restore`).
///
/// A snapshot is one JSON document (`format: "stripe-sim.snapshot"`, `version: 1`) with
/// every stored object (with its account and creation order), idempotent results, webhook
/// endpoints with their secrets, hidden facts, scheduled work, the clock, the seed and the
/// id generator's position, and the fault rules. Not in it: the request and delivery logs,
/// and deliveries in flight (queued or waiting for a retry) — a restore starts with none —
/// and the endpoints of running listeners (`connectbus sim listen`), which a restore keeps.
extension StripeSimulator {
    static let snapshotFormat = "stripe-sim.snapshot"

    /// The whole state as a snapshot document.
    func snapshot() -> JSONValue {
        let rules = faultInjector.currentRules
        let schedule = dispatcher.retrySchedule
        return locked {
            let objects = state.objects.sorted { $0.value.sequence < $1.value.sequence }.map { id, stored -> JSONValue in
                [
                    "id": .string(id), "scope": .string(stored.scope), "type": .string(stored.type),
                    "sequence": .int(stored.sequence), "value": stored.value,
                ]
            }
            let idempotency = state.idempotency.sorted { $0.key < $1.key }.map { slot, result -> JSONValue in
                [
                    "slot": .string(slot), "method": .string(result.method), "path": .string(result.path),
                    "fingerprint": .string(String(decoding: result.fingerprint, as: UTF8.self)), "status": .int(result.status),
                    "body": .string(String(decoding: result.body, as: UTF8.self)), "created": .int(result.created),
                    "request_id": .string(result.requestId),
                ]
            }
            let endpoints = state.endpoints.filter { !$0.config.listen }.map { endpoint -> JSONValue in
                [
                    "id": .string(endpoint.id), "url": .string(endpoint.config.url), "secret": .string(endpoint.config.secret),
                    "connect": .bool(endpoint.config.connect), "enabled_events": .strings(endpoint.config.enabledEvents),
                    "previous_secret": .optional(endpoint.previousSecret),
                    "previous_secret_expires_at": .optional(endpoint.previousSecretExpiresAt),
                    "disabled": .bool(endpoint.disabled),
                ]
            }
            let scheduled = state.scheduled.map { job -> JSONValue in
                switch job.kind {
                case .settle(let scope, let pi, let succeed):
                    return [
                        "due": .double(job.due), "kind": "settle", "scope": .string(scope),
                        "payment_intent": .string(pi), "succeed": .bool(succeed),
                    ]
                case .openDispute(let scope, let charge):
                    return ["due": .double(job.due), "kind": "open_dispute", "scope": .string(scope), "charge": .string(charge)]
                case .resolveDispute(let scope, let dispute, let won):
                    return [
                        "due": .double(job.due), "kind": "resolve_dispute", "scope": .string(scope),
                        "dispute": .string(dispute), "won": .bool(won),
                    ]
                case .payoutSchedule(let scope):
                    return ["due": .double(job.due), "kind": "payout_schedule", "scope": .string(scope)]
                case .payoutArrival(let scope, let payout):
                    return ["due": .double(job.due), "kind": "payout_arrival", "scope": .string(scope), "payout": .string(payout)]
                case .balanceCheck(let scope):
                    return ["due": .double(job.due), "kind": "balance_check", "scope": .string(scope)]
                }
            }
            return [
                "format": .string(Self.snapshotFormat), "version": 1,
                "clock": ["now": .double(clock.now), "frozen": .bool(clock.isFrozen)],
                "seed": ids.seed.map { .string(String($0)) } ?? nil,
                "id_position": ids.position.map { .string(String($0)) } ?? nil,
                "sequence": .int(state.sequence), "objects": .array(objects),
                "created_counts": .object(state.createdCounts.mapValues { .int($0) }),
                "idempotency": .array(idempotency), "endpoints": .array(endpoints),
                "secrets": .object(state.secrets.mapValues { .string($0) }), "attachments": .object(state.attachments),
                "scheduled": .array(scheduled),
                "undelivered": .object(state.undelivered.mapValues { .strings($0.sorted()) }),
                "fault_rules": .array(rules.map(\.json)), "retry_schedule": .array(schedule.map { .double($0) }),
            ]
        }
    }

    /// `POST /sim/snapshot {path}`: writes the snapshot to `path` (else answers it).
    func writeSnapshot(_ args: ControlArguments) throws(ControlError) -> JSONValue {
        try args.requireOnly(["path"])
        let document = snapshot()
        guard let path = try args.string("path") else { return document }
        let bytes = document.serialized()
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ControlError("Cannot write \(path): \(error.localizedDescription)", param: "path")
        }
        return [
            "object": "sim.snapshot", "path": .string(path), "bytes": .int(bytes.count),
            "objects": .int(document["objects"]?.arrayValue?.count ?? 0),
        ]
    }

    /// `POST /sim/restore`: `{path}` of a snapshot file, or the snapshot document itself as the body.
    func restoreCall(_ request: HTTPRequest) throws(ControlError) -> JSONValue {
        var document = JSONValue.parse(request.body) ?? .null
        if document["format"]?.stringValue != Self.snapshotFormat {
            let args = try ControlArguments(request)
            try args.requireOnly(["path"])
            guard let path = try args.string("path") else {
                throw ControlError("Send a snapshot document as the body, or {\"path\": FILE}.", param: "path", code: "parameter_missing")
            }
            guard let data = FileManager.default.contents(atPath: path), let parsed = JSONValue.parse(Array(data)) else {
                throw ControlError("Cannot read a JSON snapshot from \(path).", param: "path")
            }
            document = parsed
        }
        try restore(document)
        return ["object": "sim.restore", "objects": .int(document["objects"]?.arrayValue?.count ?? 0), "clock": clockJSON]
    }

    /// Replaces the whole state with `document`'s. Throws when it is not a version 1 snapshot.
    func restore(_ document: JSONValue) throws(ControlError) {
        guard document["format"]?.stringValue == Self.snapshotFormat, document["version"]?.intValue == 1 else {
            throw ControlError("Not a stripe-sim snapshot (format \(Self.snapshotFormat), version 1).")
        }
        func text(_ value: JSONValue?) -> String { value?.stringValue ?? "" }
        var objects: [String: SimState.Stored] = [:]
        for item in document["objects"]?.arrayValue ?? [] {
            guard let value = item["value"], let sequence = item["sequence"]?.intValue else {
                throw ControlError("A snapshot object lacks its value or sequence.")
            }
            objects[text(item["id"])] = SimState.Stored(scope: text(item["scope"]), type: text(item["type"]), sequence: sequence, value: value)
        }
        var idempotency: [String: SimState.IdempotentResult] = [:]
        for item in document["idempotency"]?.arrayValue ?? [] {
            idempotency[text(item["slot"])] = SimState.IdempotentResult(
                method: text(item["method"]), path: text(item["path"]), fingerprint: Array(text(item["fingerprint"]).utf8),
                status: item["status"]?.intValue ?? 200, body: Array(text(item["body"]).utf8), created: item["created"]?.intValue ?? 0,
                requestId: text(item["request_id"]))
        }
        let endpoints = (document["endpoints"]?.arrayValue ?? []).map { item in
            SimState.Endpoint(
                id: text(item["id"]),
                config: WebhookEndpointConfig(
                    url: text(item["url"]), secret: text(item["secret"]), connect: item["connect"]?.boolValue ?? false,
                    enabledEvents: item["enabled_events"]?.arrayValue?.compactMap(\.stringValue) ?? ["*"]),
                previousSecret: item["previous_secret"]?.stringValue, previousSecretExpiresAt: item["previous_secret_expires_at"]?.intValue,
                disabled: item["disabled"]?.boolValue ?? false)
        }
        let scheduled = (document["scheduled"]?.arrayValue ?? []).compactMap { item -> SimState.ScheduledJob? in
            let due: Double =
                item["due"].flatMap { value in
                    value.intValue.map(Double.init)
                        ?? {
                            if case .double(let d) = value { return d }; return nil
                        }()
                } ?? 0
            switch item["kind"]?.stringValue {
            case "settle":
                return SimState.ScheduledJob(
                    due: due,
                    kind: .settle(
                        scope: text(item["scope"]), paymentIntent: text(item["payment_intent"]),
                        succeed: item["succeed"]?.boolValue ?? false))
            case "open_dispute":
                return SimState.ScheduledJob(due: due, kind: .openDispute(scope: text(item["scope"]), charge: text(item["charge"])))
            case "resolve_dispute":
                return SimState.ScheduledJob(
                    due: due,
                    kind: .resolveDispute(scope: text(item["scope"]), dispute: text(item["dispute"]), won: item["won"]?.boolValue ?? false))
            case "payout_schedule":
                return SimState.ScheduledJob(due: due, kind: .payoutSchedule(scope: text(item["scope"])))
            case "payout_arrival":
                return SimState.ScheduledJob(due: due, kind: .payoutArrival(scope: text(item["scope"]), payout: text(item["payout"])))
            case "balance_check":
                return SimState.ScheduledJob(due: due, kind: .balanceCheck(scope: text(item["scope"])))
            default:
                return nil
            }
        }
        let rules = (document["fault_rules"]?.arrayValue ?? []).map { item -> FaultRule in
            func number(_ key: String) -> Double {
                switch item[key] {
                case .int(let i)?: return Double(i);
                case .double(let d)?: return d;
                default: return 0
                }
            }
            var rule = FaultRule(
                id: text(item["id"]), method: text(item["method"]), path: text(item["path"]),
                errorRate: number("error_rate"), rateLimitRate: number("rate_limit_rate"), dropRate: number("drop_rate"),
                latencyMs: item["latency_ms"]?.intValue ?? 0, remaining: item["remaining"]?.intValue)
            rule.hits = item["hits"]?.intValue ?? 0
            return rule
        }
        let schedule = document["retry_schedule"]?.arrayValue?.compactMap { value -> Double? in
            if case .int(let i) = value { return Double(i) }
            if case .double(let d) = value { return d }
            return nil
        }
        let clockNow: Double =
            document["clock"]?["now"].flatMap { value in
                value.intValue.map(Double.init)
                    ?? {
                        if case .double(let d) = value { return d }; return nil
                    }()
            } ?? clock.now
        dispatcher.reset()
        if let schedule { dispatcher.retrySchedule = schedule }
        faultInjector.clear()
        for rule in rules { faultInjector.add(rule) }
        locked {
            state.objects = objects
            state.rebuildIndex()
            state.sequence = document["sequence"]?.intValue ?? objects.count
            state.createdCounts = (document["created_counts"]?.objectValue ?? [:]).compactMapValues(\.intValue)
            state.idempotency = idempotency
            state.endpoints = endpoints + state.endpoints.filter(\.config.listen)
            state.secrets = (document["secrets"]?.objectValue ?? [:]).compactMapValues(\.stringValue)
            state.attachments = document["attachments"]?.objectValue ?? [:]
            state.scheduled = scheduled
            state.undelivered = (document["undelivered"]?.objectValue ?? [:]).mapValues { Set($0.arrayValue?.compactMap(\.stringValue) ?? []) }
            state.pendingEvents = []
            state.pendingResends = []
            ids.reset(
                seed: document["seed"]?.stringValue.flatMap { UInt64($0) },
                position: document["id_position"]?.stringValue.flatMap { UInt64($0) })
        }
        clock.restore(now: clockNow, frozen: document["clock"]?["frozen"]?.boolValue ?? false)
        log.clear()
        scheduler.wake()
    }
}
