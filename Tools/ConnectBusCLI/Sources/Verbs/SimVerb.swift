import Foundation
public import StripeAPI

/// `connectbus sim …`: stripe-sim's control plane for operators — the clock, faults,
/// webhook chaos and secret rotation, inspection, snapshot/restore and reset — as calls
/// to `STRIPE_API_BASE/sim/…` (Tools/StripeSim/README.md, "Control plane").
public enum SimVerb: Verb {
    /// `sim`.
    public static let name = "sim"
    /// One line for the verb list.
    public static let summary = "drive stripe-sim: clock, faults, webhook chaos, inspection, snapshot, reset"
    /// Options that take a value.
    public static let options: Set<String> = [
        "method", "path", "error-rate", "rate-limit-rate", "drop-rate", "latency-ms", "count", "endpoint",
        "duplicate-rate", "delay-seconds", "hold-next", "overlap-seconds", "event", "type", "status", "account",
        "fault", "limit", "seed", "stripe-account", "webhook-endpoint", "seconds", "filter-http-method", "filter-status-code",
        "filter-status-code-type", "filter-request-status", "filter-request-path", "filter-account",
        "forward-to", "forward-connect-to", "events", "override",
    ]
    /// Options without value.
    public static let flags: Set<String> = ["down", "up", "failed", "delete-account", "json", "include-control", "skip-verify", "print-secret"]
    /// The help text (the trigger list comes from ``SimTriggerFixtures``).
    public static let help = """
        usage: connectbus sim <command> [arguments]

          clock                               read the simulator's clock
          clock advance DURATION              move it forward (90, 90s, 15m, 2h, 3d)
          clock freeze [UNIX_SECONDS]         stop it (now, or at that instant)
          clock unfreeze                      let it run again
          faults                              list fault rules and the start-up defaults
          faults add [--method M] [--path P] [--error-rate X] [--rate-limit-rate X] [--drop-rate X]
                     [--latency-ms N] [--count N]      a rule for /v1 requests (P: /v1/customers/*, /v1/**)
          faults remove ID | faults off       remove one rule | every rule and default
          chaos                               webhook chaos settings and held events
          chaos set [--endpoint we_…] [--duplicate-rate X] [--delay-seconds N] [--hold-next N] [--down|--up]
          chaos off [--endpoint we_…] | chaos release [--endpoint we_…]
          endpoints                           webhook endpoints (start-up ones included)
          rotate ENDPOINT [--overlap-seconds N]   roll an endpoint's secret (old one signs N s more; 86400)
          retries fast|stripe|S,S,…           the webhook retry schedule
          deliveries [--event E] [--endpoint W] [--type T] [--status N] [--failed] [--limit N]
          requests [--method M] [--path P] [--status N] [--account A] [--fault F] [--limit N] [--include-control]
                                              the request log: API requests (with --include-control
                                              also the simulator's own /sim/… calls)
          events list [--limit N] [--type T] [--stripe-account acct_…]
                                              events, newest first, through GET /v1/events
          events retrieve evt_… [--stripe-account acct_…]
          events resend evt_… [--webhook-endpoint we_…] [--account acct_…]
                                              a new, freshly signed delivery to that endpoint, or to
                                              every endpoint that receives the event (--account: the
                                              connected account the event belongs to)
          logs tail [--filter-http-method M,…] [--filter-status-code N,…] [--filter-status-code-type 2XX,…]
                    [--filter-request-status SUCCEEDED|FAILED] [--filter-request-path P,…]
                    [--filter-account self|connect_out|acct_…,…] [--limit N] [--seconds S] [--json]
                                              follow new API requests (time, method, path, status,
                                              account, idempotency key, request id) until Ctrl-C
          listen --forward-to URL [--forward-connect-to URL] [--events TYPE,…] [--skip-verify]
                                              a temporary webhook endpoint at the simulator (connected
                                              accounts' events to --forward-connect-to, default
                                              --forward-to); prints its signing secret, then one line
                                              per delivery (time, type, event, the target's status,
                                              latency) until Ctrl-C or SIGTERM, which remove it
          listen --print-secret               only the signing secret (the same for every listen of
                                              the running simulator), to start a service with it
          trigger EVENT [--stripe-account acct_…] [--override [step:]param=value …]
                                              make EVENT happen through the simulator's API (the calls
                                              below), wait for it and print its id; without
                                              --stripe-account on the platform (account, capability and
                                              person events: on a new Express account)
          counts [--account A] [--type T]     stored objects per account and type
          snapshot FILE | restore FILE        save the whole state to FILE | load it back
          reset [--seed N] | reset --account A [--delete-account]

        deliveries, requests, events and logs tail print one line each (--json: the simulator's
        JSON); the other commands print the simulator's JSON answer.
        Exit status: 0 when the simulator accepted the call, 1 when it refused it (its error
        is printed), 2 for bad arguments.

        Events sim trigger supports:
        \(SimTrigger.supportedList)

        Environment: STRIPE_API_BASE (default http://127.0.0.1:$STRIPE_SIM_PORT, port 12111);
        STRIPE_API_KEY for events list/retrieve and trigger (default sk_test_connectbus_cli).
        """

    /// One control-plane call.
    public struct Call: Equatable, Sendable {
        /// GET, POST or DELETE.
        public var method: HTTPMethod
        /// Path and query under the simulator's base URL, e.g. `/sim/clock/advance`.
        public var path: String
        /// JSON object members (nil: no body).
        public var body: [String: String]?
        /// Raw body bytes (restore).
        public var raw: [UInt8]?
        /// For `snapshot`: the file the answer is written to.
        public var outputFile: String?
    }

    /// Runs the verb; see ``help``.
    public static func run(_ arguments: ParsedArguments, environment: CLIEnvironment) throws -> Int32 {
        let words = arguments.positionals
        switch words.first {
        case "events":
            let client = try SimControlClient(base: environment.stripeAPIBase)
            return try SimEventsCommand.run(
                Array(words.dropFirst()), arguments, client: client, apiKey: environment.simAPIKey, emit: Output.line)
        case "trigger":
            let client = try SimControlClient(base: environment.stripeAPIBase)
            return try SimTrigger.run(Array(words.dropFirst()), arguments, client: client, apiKey: environment.simAPIKey, emit: Output.line)
        case "listen":
            guard words.count == 1 else {
                throw CLIError("listen takes no arguments besides its options", hint: "run `connectbus sim --help`", exitCode: 2)
            }
            if !arguments.has("print-secret") { SimListen.blockStopSignals() }
            return try SimListen.run(
                arguments, client: try SimControlClient(base: environment.stripeAPIBase), emit: Output.line,
                stop: SimListen.stopSignalArrived(within:))
        case "logs":
            guard words.count == 2, words[1] == "tail" else {
                throw CLIError("unknown sim command: \(words.joined(separator: " ")) (logs tail)", hint: "run `connectbus sim --help`", exitCode: 2)
            }
            return try SimLogsTail.run(arguments, client: try SimControlClient(base: environment.stripeAPIBase), emit: Output.line)
        default:
            break
        }
        var call = try self.call(arguments)
        if call.path == "/sim/restore", let file = call.outputFile {
            guard let data = FileManager.default.contents(atPath: file) else { throw CLIError("cannot read \(file)") }
            call.raw = Array(data)
            call.outputFile = nil
        }
        let client = try SimControlClient(base: environment.stripeAPIBase)
        let body = call.raw ?? call.body.map { Array(jsonObject($0).utf8) }
        let (status, answer) = try client.send(call.method, call.path, body: body)
        guard (200..<300).contains(status) else {
            Output.error(refusal(status, answer))
            return 1
        }
        if let file = call.outputFile {
            do {
                try Data(answer).write(to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                throw CLIError("cannot write \(file): \(error.localizedDescription)")
            }
            Output.line("snapshot written to \(file) (\(answer.count) bytes)")
            return 0
        }
        let lines = arguments.has("json") ? nil : Self.lines(call.path, answer)
        Output.line(lines ?? JSONDisplay.pretty(answer))
        return 0
    }

    /// The control-plane call for the command line (pure; what `run` sends).
    /// - Throws: ``CLIError`` (exit status 2) for an unknown command or a bad argument.
    public static func call(_ arguments: ParsedArguments) throws(CLIError) -> Call {
        let words = arguments.positionals
        func usage(_ text: String) -> CLIError { CLIError(text, hint: "run `connectbus sim --help`", exitCode: 2) }
        func options(_ names: [String]) -> [String: String] {
            var body: [String: String] = [:]
            for name in names { if let value = arguments.value(name) { body[name.replacingOccurrences(of: "-", with: "_")] = value } }
            return body
        }
        func query(_ names: [String]) -> String {
            let pairs =
                names.compactMap { name in arguments.value(name).map { (name.replacingOccurrences(of: "-", with: "_"), $0) } }
                + (arguments.has("failed") ? [("failed", "true")] : [])
                + (arguments.has("include-control") ? [("include_control", "true")] : [])
            guard !pairs.isEmpty else { return "" }
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-._~*/")
            return "?" + pairs.map { "\($0)=\($1.addingPercentEncoding(withAllowedCharacters: allowed) ?? $1)" }.joined(separator: "&")
        }
        guard let command = words.first else { throw usage("sim needs a command") }
        let rest = Array(words.dropFirst())
        switch (command, rest.first) {
        case ("clock", nil): return Call(method: .get, path: "/sim/clock")
        case ("clock", "advance"):
            guard rest.count == 2, let seconds = duration(rest[1]) else { throw usage("clock advance needs a duration (90, 90s, 15m, 2h, 3d)") }
            return Call(method: .post, path: "/sim/clock/advance", body: ["seconds": String(seconds)])
        case ("clock", "freeze"):
            return Call(method: .post, path: "/sim/clock/freeze", body: rest.count > 1 ? ["at": rest[1]] : [:])
        case ("clock", "unfreeze"): return Call(method: .post, path: "/sim/clock/unfreeze", body: [:])
        case ("faults", nil): return Call(method: .get, path: "/sim/faults")
        case ("faults", "add"):
            return Call(
                method: .post, path: "/sim/faults",
                body: options(["method", "path", "error-rate", "rate-limit-rate", "drop-rate", "latency-ms", "count"]))
        case ("faults", "remove"):
            guard rest.count == 2 else { throw usage("faults remove needs a fault id") }
            return Call(method: .delete, path: "/sim/faults/\(rest[1])")
        case ("faults", "off"): return Call(method: .delete, path: "/sim/faults")
        case ("chaos", nil): return Call(method: .get, path: "/sim/webhooks/chaos")
        case ("chaos", "set"):
            var body = options(["endpoint", "duplicate-rate", "delay-seconds", "hold-next"])
            if arguments.has("down") { body["down"] = "true" }
            if arguments.has("up") { body["down"] = "false" }
            return Call(method: .post, path: "/sim/webhooks/chaos", body: body)
        case ("chaos", "off"): return Call(method: .delete, path: "/sim/webhooks/chaos" + query(["endpoint"]))
        case ("chaos", "release"): return Call(method: .post, path: "/sim/webhooks/release", body: options(["endpoint"]))
        case ("endpoints", nil): return Call(method: .get, path: "/sim/webhooks/endpoints")
        case ("rotate", _):
            guard rest.count == 1 else { throw usage("rotate needs an endpoint id (see `connectbus sim endpoints`)") }
            return Call(method: .post, path: "/sim/webhooks/endpoints/\(rest[0])/rotate_secret", body: options(["overlap-seconds"]))
        case ("retries", _):
            guard rest.count == 1 else { throw usage("retries needs fast, stripe or seconds separated by commas") }
            return Call(method: .post, path: "/sim/webhooks/retry_schedule", body: ["schedule": rest[0]])
        case ("deliveries", nil):
            return Call(method: .get, path: "/sim/webhooks/deliveries" + query(["event", "endpoint", "type", "status", "limit"]))
        case ("requests", nil):
            return Call(method: .get, path: "/sim/requests" + query(["method", "path", "status", "account", "fault", "limit"]))
        case ("counts", nil): return Call(method: .get, path: "/sim/objects/counts" + query(["account", "type"]))
        case ("snapshot", _):
            guard rest.count == 1 else { throw usage("snapshot needs a file") }
            return Call(method: .get, path: "/sim/snapshot", outputFile: rest[0])
        case ("restore", _):
            guard rest.count == 1 else { throw usage("restore needs a snapshot file") }
            return Call(method: .post, path: "/sim/restore", outputFile: rest[0])
        case ("reset", nil):
            var body = options(["account", "seed"])
            if arguments.has("delete-account") { body["delete_account"] = "true" }
            return Call(method: .post, path: "/sim/reset", body: body)
        default:
            throw usage("unknown sim command: \(words.joined(separator: " "))")
        }
    }

    /// The error line for a refused call: the simulator's `error.message`, else its body.
    static func refusal(_ status: Int, _ answer: [UInt8]) -> String {
        let message = (JSONDisplay.parse(answer)).flatMap { JSONDisplay.value(at: "error.message", in: $0) } as? String
        return "error: sim: stripe-sim answered HTTP \(status): \(message ?? String(decoding: answer, as: UTF8.self))"
    }

    /// Seconds in `90`, `90s`, `15m`, `2h` or `3d`; nil when malformed or negative.
    public static func duration(_ text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var number = text, unit = 1.0
        if let last = text.last, let factor = units[last] { number = String(text.dropLast()); unit = factor }
        guard let value = Double(number), value >= 0 else { return nil }
        return value * unit
    }

    /// A JSON object of string members; numbers and booleans are sent as text, which the
    /// control plane reads as numbers and booleans.
    static func jsonObject(_ members: [String: String]) -> String {
        JSONDisplay.render(members, pretty: false)
    }

    /// One line per delivery or request, or nil for other answers.
    static func lines(_ path: String, _ answer: [UInt8]) -> String? {
        guard let object = JSONDisplay.parse(answer) as? [String: Any], let data = object["data"] as? [[String: Any]] else { return nil }
        func text(_ value: Any?) -> String { value.map { JSONDisplay.plain($0) } ?? "-" }
        if path.hasPrefix("/sim/webhooks/deliveries") {
            let rows = data.map { d in
                "\(text(d["event"]))  \(text(d["type"]))  \(text(d["endpoint"]))  attempt \(text(d["attempt"]))  status \(text(d["status"]))  \(text(d["latency_ms"])) ms\(d["duplicate"] as? Bool == true ? "  duplicate" : "")\(d["resend"] as? Bool == true ? "  resend" : "")\((d["error"] as? String).map { "  (\($0))" } ?? "")"
            }
            return (rows + ["\(text(object["total"])) deliveries, \(text(object["pending"])) pending"]).joined(separator: "\n")
        }
        if path.hasPrefix("/sim/requests") {
            let rows = data.map { r in
                "\(text(r["request_id"]))  \(text(r["method"])) \(text(r["path"]))  \(text(r["status"]))\((r["account"] as? String).map { "  \($0)" } ?? "")\((r["fault"] as? String).map { "  fault \($0)" } ?? "")\(r["replayed"] as? Bool == true ? "  replayed" : "")"
            }
            return (rows + ["\(text(object["total"])) requests"]).joined(separator: "\n")
        }
        return nil
    }
}
