import Foundation
import HTTPServer

/// The control plane under `/sim/` (no API key; see the README's "Control plane"):
/// faults, webhook chaos, inspection, the clock, snapshot/restore and reset. Every answer
/// is JSON; a bad argument is a 400 with Stripe's error shape.
extension StripeSimulator {
    /// Answers a control-plane call, or nil when `parts` (the path after `/sim/`) is a hosted page.
    func handleControl(_ request: HTTPRequest, parts: [String], requestId: String) -> HTTPResponse? {
        let method = request.method
        let route = parts.joined(separator: "/")
        do {
            switch (method, parts.first ?? "", parts.count) {
            case ("GET", "clock", 1), ("POST", "clock", 2):
                return try clockCall(method == "GET" ? "" : parts[1], try ControlArguments(request))
            case (_, "rate_limits", 1):
                return try rateLimitsCall(method, try ControlArguments(request))
            case (_, "faults", _):
                return try faultsCall(method, Array(parts.dropFirst()), try ControlArguments(request))
            case (_, "webhooks", _) where parts.count >= 2:
                return try webhooksCall(method, Array(parts.dropFirst()), try ControlArguments(request))
            case ("POST", "events", 3) where parts[2] == "resend":
                return try resendCall(parts[1], try ControlArguments(request))
            case ("GET", "requests", 1):
                return Self.ok(try requestLogAnswer(try ControlArguments(request)))
            case ("GET", "objects", 2) where parts[1] == "counts":
                return Self.ok(try countsAnswer(try ControlArguments(request)))
            case ("GET", "snapshot", 1):
                return Self.ok(snapshot())
            case ("POST", "snapshot", 1):
                return Self.ok(try writeSnapshot(try ControlArguments(request)))
            case ("POST", "restore", 1):
                return Self.ok(try restoreCall(request))
            case ("POST", "accounts", 3) where parts[2] == "future_requirements":
                return try futureRequirementsCall(parts[1], try ControlArguments(request))
            case ("POST", "accounts", 3) where parts[2] == "deauthorize":
                return try deauthorizeCall(parts[1], try ControlArguments(request))
            case ("POST", "reset", 1):
                return Self.ok(try resetCall(try ControlArguments(request)))
            default:
                let controlRoots: Set<String> = ["clock", "events", "requests", "objects", "snapshot", "restore", "reset", "accounts", "rate_limits"]
                guard controlRoots.contains(parts.first ?? "") else { return nil }
                return ControlError("Unrecognized control request (\(method) /sim/\(route)).", status: 404).response
            }
        } catch {
            return error.response
        }
    }

    static func ok(_ value: JSONValue) -> HTTPResponse {
        .json(200, value.serialized(), headers: ["Cache-Control": "no-cache, no-store"])
    }

    // MARK: Clock

    /// `{object: "sim.clock", now, iso, frozen, offset_seconds}`.
    var clockJSON: JSONValue {
        let now = clock.now
        let iso = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: now))
        return [
            "object": "sim.clock", "now": .int(Int(now.rounded(.down))), "now_precise": .double(now), "iso": .string(iso),
            "frozen": .bool(clock.isFrozen), "offset_seconds": .double((clock.offsetSeconds * 1000).rounded() / 1000 + 0),
        ]
    }

    private func clockCall(_ action: String, _ args: ControlArguments) throws(ControlError) -> HTTPResponse {
        switch action {
        case "":
            try args.requireOnly([])
        case "advance":
            try args.requireOnly(["seconds"])
            guard let seconds = try args.double("seconds", in: 0...(10 * 365 * 86_400)) else {
                throw ControlError("Missing required param: seconds.", param: "seconds", code: "parameter_missing")
            }
            advanceClock(by: seconds)
        case "freeze":
            try args.requireOnly(["at"])
            clock.freeze(at: try args.double("at", in: 1...1e11))
            sweep()
        case "unfreeze":
            try args.requireOnly([])
            clock.unfreeze()
        default:
            throw ControlError("Unknown clock action \(action): use advance, freeze or unfreeze.", status: 404)
        }
        return Self.ok(clockJSON)
    }

    /// Advances the clock by fractional seconds and applies what fell due.
    func advanceClock(by seconds: Double) {
        clock.advance(by: seconds)
        sweep()
    }

    // MARK: Faults

    private func faultsCall(_ method: String, _ rest: [String], _ args: ControlArguments) throws(ControlError) -> HTTPResponse {
        switch (method, rest.count) {
        case ("GET", 0):
            try args.requireOnly([])
        case ("POST", 0):
            try args.requireOnly(["method", "path", "error_rate", "rate_limit_rate", "drop_rate", "latency_ms", "count"])
            let method = (try args.string("method") ?? "*").uppercased()
            guard ["*", "GET", "POST", "DELETE"].contains(method) else {
                throw ControlError("Invalid method: use GET, POST, DELETE or *.", param: "method")
            }
            let path = try args.string("path") ?? "/v1/**"
            guard path.hasPrefix("/v1") else { throw ControlError("Faults apply to /v1 paths only.", param: "path") }
            let rule = FaultRule(
                id: requestIds.make("fault", length: 14), method: method, path: path,
                errorRate: try args.double("error_rate", in: 0...1) ?? 0,
                rateLimitRate: try args.double("rate_limit_rate", in: 0...1) ?? 0,
                dropRate: try args.double("drop_rate", in: 0...1) ?? 0,
                latencyMs: try args.int("latency_ms", in: 0...60_000) ?? 0,
                remaining: try args.int("count", in: 1...1_000_000))
            guard rule.errorRate + rule.rateLimitRate + rule.dropRate > 0 || rule.latencyMs > 0 else {
                throw ControlError("A fault needs one of error_rate, rate_limit_rate, drop_rate or latency_ms.", code: "parameter_missing")
            }
            faultInjector.add(rule)
            return Self.ok(rule.json)
        case ("DELETE", 0):
            try args.requireOnly([])
            faultInjector.clear()
        case ("DELETE", 1):
            try args.requireOnly([])
            guard faultInjector.remove(id: rest[0]) else { throw ControlError("No such fault: '\(rest[0])'", code: "resource_missing", status: 404) }
        case ("POST", 1) where rest[0] == "defaults":
            try args.requireOnly(["latency_ms", "fail_rate", "drop_rate", "rate_limit_per_second"])
            var settings = faultInjector.current
            if let latency = try args.int("latency_ms", in: 0...60_000) { settings.latencyMs = latency }
            if let rate = try args.double("fail_rate", in: 0...1) { settings.failRate = rate }
            if let rate = try args.double("drop_rate", in: 0...1) { settings.dropRate = rate }
            if args.values["rate_limit_per_second"] != nil {
                let limit = try args.int("rate_limit_per_second", in: 0...1_000_000) ?? 0
                settings.rateLimitPerSecond = limit == 0 ? nil : limit
            }
            faultInjector.current = settings
        default:
            throw ControlError("Unrecognized control request (\(method) /sim/faults/\(rest.joined(separator: "/"))).", status: 404)
        }
        return Self.ok(faultsJSON)
    }

    /// `{object: "sim.faults", defaults: {…}, data: [rules]}`.
    var faultsJSON: JSONValue {
        let settings = faultInjector.current
        return [
            "object": "sim.faults",
            "defaults": [
                "latency_ms": .int(settings.latencyMs), "fail_rate": .double(settings.failRate),
                "drop_rate": .double(settings.dropRate), "rate_limit_per_second": .optional(settings.rateLimitPerSecond),
            ],
            "data": .array(faultInjector.currentRules.map(\.json)),
        ]
    }
}
