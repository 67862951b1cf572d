import Foundation
import Runtime
import StripeAPI

/// `connectbus sim logs tail`: follows the simulator's API request log (`GET /sim/requests`
/// with the `after` cursor, every 0.5 s), the simulator's own `/sim/…` calls left out, with
/// the Stripe CLI's filters (docs.stripe.com/cli/logs/tail): each takes a comma-separated
/// list, an entry must match every filter given and one value of each.
public enum SimLogsTail {
    /// The filters of `logs tail`. A plain value; thread-safe.
    public struct Filter: Equatable, Sendable {
        /// `--filter-http-method`: GET, POST, DELETE (upper-cased).
        public var methods: [String] = []
        /// `--filter-status-code`: exact HTTP statuses.
        public var statusCodes: [Int] = []
        /// `--filter-status-code-type`: `2XX`, `4XX`, `5XX` (the first digit).
        public var statusCodeTypes: [Int] = []
        /// `--filter-request-status`: `SUCCEEDED` (200, 201, 202) or `FAILED` (4xx and 5xx).
        public var requestStatuses: [String] = []
        /// `--filter-request-path`: paths matched exactly (`/v1/charges`).
        public var paths: [String] = []
        /// `--filter-account`: `self` (no `Stripe-Account`), `connect_out` (the platform
        /// acting on a connected account), `connect_in` (requests other platforms make on
        /// this account: none in the simulator) or a connected account's id (`acct_…`).
        public var accounts: [String] = []

        /// The filters given on the command line.
        /// - Throws: ``CLIError`` (exit status 2) for a value outside Stripe's lists.
        public init(_ arguments: ParsedArguments) throws(CLIError) {
            func list(_ name: String) -> [String] {
                arguments.values(name).flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces() }
                    .filter { !$0.isEmpty }
            }
            func bad(_ name: String, _ value: String, _ allowed: String) -> CLIError {
                CLIError("--\(name): \(value) is not one of \(allowed)", hint: "run `connectbus sim --help`", exitCode: 2)
            }
            methods = list("filter-http-method").map { $0.uppercased() }
            for method in methods where !["GET", "POST", "DELETE"].contains(method) { throw bad("filter-http-method", method, "GET, POST, DELETE") }
            for code in list("filter-status-code") {
                guard let status = Int(code), (100...599).contains(status) else { throw bad("filter-status-code", code, "HTTP statuses") }
                statusCodes.append(status)
            }
            for type in list("filter-status-code-type") {
                let digit = type.uppercased().hasSuffix("XX") ? Int(type.dropLast(2)) : nil
                guard let digit, (1...5).contains(digit) else { throw bad("filter-status-code-type", type, "2XX, 4XX, 5XX") }
                statusCodeTypes.append(digit)
            }
            requestStatuses = list("filter-request-status").map { $0.uppercased() }
            for status in requestStatuses where !["SUCCEEDED", "FAILED"].contains(status) {
                throw bad("filter-request-status", status, "SUCCEEDED, FAILED")
            }
            paths = list("filter-request-path")
            accounts = list("filter-account")
            for account in accounts where !["self", "connect_in", "connect_out"].contains(account) && !account.hasPrefix("acct_") {
                throw bad("filter-account", account, "connect_in, connect_out, self or an acct_… id")
            }
        }

        /// Whether the request-log entry `entry` (the simulator's JSON) passes every filter.
        public func matches(_ entry: [String: Any]) -> Bool {
            let status = (entry["status"] as? NSNumber)?.intValue ?? 0
            let account = entry["account"] as? String
            return (methods.isEmpty || methods.contains(entry["method"] as? String ?? ""))
                && (statusCodes.isEmpty || statusCodes.contains(status))
                && (statusCodeTypes.isEmpty || statusCodeTypes.contains(status / 100))
                && (requestStatuses.isEmpty
                    || requestStatuses.contains { $0 == "SUCCEEDED" ? [200, 201, 202].contains(status) : (400..<600).contains(status) })
                && (paths.isEmpty || paths.contains(entry["path"] as? String ?? ""))
                && (accounts.isEmpty
                    || accounts.contains { wanted in
                        switch wanted {
                        case "self": account == nil
                        case "connect_out": account != nil
                        case "connect_in": false
                        default: account == wanted
                        }
                    })
        }
    }

    /// One line per request: `19:40:01  POST /v1/customers  200  acct_…  idempotency-key  req_…`
    /// (`-` for no account or key; the time is the simulator's clock, UTC).
    public static func line(_ entry: [String: Any]) -> String {
        func text(_ key: String) -> String {
            guard let value = entry[key], !(value is NSNull) else { return "-" }
            return JSONDisplay.plain(value)
        }
        let time = (entry["time"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue) }
        return
            "\(time.map { EventLine.secondsFormatter.string(from: $0) } ?? "-")  \(text("method")) \(text("path"))  \(text("status"))  \(text("account"))  \(text("idempotency_key"))  \(text("request_id"))"
    }

    /// Follows the log from now: calls `ready` once the starting cursor is read, then every
    /// 0.5 s writes each new API request that passes the filters with `emit` (`--json`: the
    /// entry's JSON on one line), until `--limit` requests were written or `--seconds`
    /// passed (else until interrupted). Returns 0, or 1 when the simulator refused.
    /// - Throws: ``CLIError`` for bad arguments or an unreachable simulator.
    public static func run(
        _ arguments: ParsedArguments, client: SimControlClient, emit: (String) -> Void, ready: () -> Void = {}
    ) throws(CLIError) -> Int32 {
        let filter = try Filter(arguments)
        let limit = try arguments.integer("limit", verb: "sim", in: 1...1_000_000)
        let seconds = try arguments.number("seconds", verb: "sim", in: 0...31_536_000)
        let deadline = seconds.map { Date().addingTimeInterval($0) }
        guard var cursor = try poll(client, after: nil)?.cursor else { return 1 }
        ready()
        var shown = 0
        while true {
            if let limit, shown >= limit { return 0 }
            if let deadline, Date() >= deadline { return 0 }
            Thread.sleep(forTimeInterval: 0.5)
            guard let page = try poll(client, after: cursor) else { return 1 }
            cursor = page.cursor
            for entry in page.entries where filter.matches(entry) {
                if let limit, shown >= limit { break }
                emit(arguments.has("json") ? JSONDisplay.render(entry, pretty: false) : line(entry))
                shown += 1
            }
        }
    }

    /// The API requests after `after` (nil: none, only the cursor) and the new cursor; nil
    /// (the refusal printed) when the simulator refused.
    private static func poll(_ client: SimControlClient, after: Int?) throws(CLIError) -> (entries: [[String: Any]], cursor: Int)? {
        let path = after.map { "/sim/requests?after=\($0)&limit=100000" } ?? "/sim/requests?limit=1"
        let (status, answer) = try client.send(.get, path)
        guard (200..<300).contains(status) else {
            Output.error(SimVerb.refusal(status, answer))
            return nil
        }
        guard let object = JSONDisplay.parse(answer) as? [String: Any], let cursor = (object["cursor"] as? NSNumber)?.intValue else {
            throw CLIError("stripe-sim answered /sim/requests without a cursor (an older simulator?)")
        }
        return (after == nil ? [] : object["data"] as? [[String: Any]] ?? [], cursor)
    }
}
