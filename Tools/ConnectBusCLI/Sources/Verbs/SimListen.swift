import Foundation
import StripeAPI

/// `connectbus sim listen --forward-to URL [--forward-connect-to URL] [--events a,b]
/// [--skip-verify]`, the simulator's twin of `stripe listen` (docs.stripe.com/cli/listen).
///
/// The simulator delivers to the target itself (`POST /sim/webhooks/listen` registers a
/// temporary endpoint for the platform's events and one for connected accounts' events,
/// sharing one signing secret); this command prints the secret, then follows the delivery
/// log (`GET /sim/webhooks/deliveries?after=<cursor>`, every 0.5 s) and prints one line per
/// attempt to its endpoints. Nothing is forwarded through the CLI, so retries, chaos,
/// resends and the dashboard treat a listener like any endpoint, and no delivery is lost
/// when the CLI is slow. Stopping (SIGINT, SIGTERM) removes both endpoints
/// (`DELETE /sim/webhooks/listen/<we_id>`).
public enum SimListen {
    /// The JSON body of `POST /sim/webhooks/listen` for the command line.
    /// - Throws: ``CLIError`` (exit status 2) without `--forward-to`.
    public static func registration(_ arguments: ParsedArguments) throws(CLIError) -> [String: String] {
        guard let forwardTo = arguments.value("forward-to") else {
            throw CLIError(
                "listen needs --forward-to URL (e.g. http://127.0.0.1:8084/webhooks/stripe)", hint: "run `connectbus sim --help`", exitCode: 2)
        }
        var body = ["forward_to": forwardTo]
        if let connect = arguments.value("forward-connect-to") { body["forward_connect_to"] = connect }
        if let events = arguments.value("events") { body["events"] = events }
        if arguments.has("skip-verify") { body["skip_verify"] = "true" }
        return body
    }

    /// One line per delivery attempt: `03:10:00  payment_intent.succeeded  evt_…  [200] POST URL  12.3 ms`
    /// (the simulator's time, UTC; `attempt N`, `resend`, `duplicate` and a network error
    /// appended when they apply).
    public static func line(_ record: [String: Any]) -> String {
        func text(_ key: String) -> String {
            guard let value = record[key], !(value is NSNull) else { return "-" }
            return JSONDisplay.plain(value)
        }
        let time = (record["time"] as? NSNumber).map { EventLine.secondsFormatter.string(from: Date(timeIntervalSince1970: $0.doubleValue)) } ?? "-"
        let attempt = (record["attempt"] as? NSNumber)?.intValue ?? 1
        var line = "\(time)  \(text("type"))  \(text("event"))  [\(text("status"))] POST \(text("url"))  \(text("latency_ms")) ms"
        if attempt > 1 { line += "  attempt \(attempt)" }
        if record["resend"] as? Bool == true { line += "  resend" }
        if record["duplicate"] as? Bool == true { line += "  duplicate" }
        if let error = record["error"] as? String { line += "  (\(error))" }
        return line
    }

    /// Registers the endpoints, prints `> Ready! Your webhook signing secret is whsec_… (^C to quit)`,
    /// calls `ready`, then prints each delivery to them until `stop` (called every 0.5 s with
    /// the time to wait, answering true once the listener should end) says so; then prints
    /// what arrived meanwhile and removes the endpoints. Returns 0, or 1 when the simulator refused.
    /// - Throws: ``CLIError`` for bad arguments or an unreachable simulator.
    public static func run(
        _ arguments: ParsedArguments, client: SimControlClient, emit: (String) -> Void, ready: () -> Void = {},
        stop: (_ waitSeconds: Double) -> Bool
    ) throws(CLIError) -> Int32 {
        if arguments.has("print-secret") { return try printSecret(client: client, emit: emit) }
        let body = try registration(arguments)
        guard var cursor = try deliveries(client, after: nil)?.cursor else { return 1 }
        let (status, answer) = try client.send(.post, "/sim/webhooks/listen", body: Array(SimVerb.jsonObject(body).utf8))
        guard status == 200, let listener = JSONDisplay.parse(answer) as? [String: Any], let secret = listener["secret"] as? String else {
            Output.error(SimVerb.refusal(status, answer))
            return 1
        }
        let endpoints = (listener["endpoints"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        emit("> Ready! Your webhook signing secret is \(secret) (^C to quit)")
        ready()
        var stopping = false
        while true {
            stopping = stop(0.5)
            guard let page = try deliveries(client, after: cursor) else { break }
            cursor = page.cursor
            for record in page.records where endpoints.contains(record["endpoint"] as? String ?? "") { emit(line(record)) }
            if stopping { break }
        }
        var removed = true
        for endpoint in endpoints {
            let (status, answer) = try client.send(.delete, "/sim/webhooks/listen/\(endpoint)")
            if status != 200 {
                Output.error(SimVerb.refusal(status, answer))
                removed = false
            }
        }
        return stopping && removed ? 0 : 1
    }

    /// `--print-secret`: prints only the listeners' signing secret (the same for every
    /// listen of the running simulator), registering nothing, as `stripe listen
    /// --print-secret` does, so a service can be started with it before the listener.
    static func printSecret(client: SimControlClient, emit: (String) -> Void) throws(CLIError) -> Int32 {
        let (status, answer) = try client.send(.get, "/sim/webhooks/listen")
        guard status == 200, let secret = (JSONDisplay.parse(answer) as? [String: Any])?["secret"] as? String else {
            Output.error(SimVerb.refusal(status, answer))
            return 1
        }
        emit(secret)
        return 0
    }

    /// Waits up to `seconds` for SIGINT or SIGTERM, which the calling thread must have
    /// blocked (``blockStopSignals()``); true when one arrived.
    public static func stopSignalArrived(within seconds: Double) -> Bool {
        var set = stopSignals()
        var timeout = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        return sigtimedwait(&set, nil, &timeout) > 0
    }

    /// Blocks SIGINT and SIGTERM on the calling thread (and the threads it starts later),
    /// so that ``stopSignalArrived(within:)`` receives them instead of the process dying
    /// with its endpoints left behind.
    public static func blockStopSignals() {
        var set = stopSignals()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    private static func stopSignals() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }

    /// The delivery attempts after `after` (nil: none, only the cursor) and the new cursor;
    /// nil (the refusal printed) when the simulator refused.
    private static func deliveries(_ client: SimControlClient, after: Int?) throws(CLIError) -> (records: [[String: Any]], cursor: Int)? {
        let path = after.map { "/sim/webhooks/deliveries?after=\($0)&limit=10000" } ?? "/sim/webhooks/deliveries?limit=1"
        let (status, answer) = try client.send(.get, path)
        guard status == 200 else {
            Output.error(SimVerb.refusal(status, answer))
            return nil
        }
        guard let object = JSONDisplay.parse(answer) as? [String: Any], let cursor = (object["cursor"] as? NSNumber)?.intValue else {
            throw CLIError("stripe-sim answered /sim/webhooks/deliveries without a cursor (an older simulator?)")
        }
        return (after == nil ? [] : object["data"] as? [[String: Any]] ?? [], cursor)
    }
}
