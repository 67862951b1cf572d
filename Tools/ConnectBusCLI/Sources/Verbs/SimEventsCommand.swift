import Foundation
public import StripeAPI

/// `connectbus sim events list|retrieve|resend`, named as the Stripe CLI names them
/// (docs.stripe.com/cli/events/resend): list and retrieve read the simulator's own Stripe
/// API (`GET /v1/events`, `GET /v1/events/:id`, with `Stripe-Account` for a connected
/// account); resend asks its control plane for a new, freshly signed delivery
/// (`POST /sim/events/:id/resend`, the twin of Stripe's `POST /v1/events/:id/retry`).
public enum SimEventsCommand {
    /// One HTTP call of the command (pure; what ``run(_:_:client:apiKey:emit:)`` sends).
    public struct Request: Equatable, Sendable {
        /// GET or POST.
        public var method: HTTPMethod
        /// Path and query, e.g. `/v1/events?limit=3`.
        public var path: String
        /// The `Stripe-Account` header, if any.
        public var stripeAccount: String?
        /// JSON body members (control-plane calls).
        public var body: [String: String]?
    }

    /// The call for `sim events <words…>` (`words` after `events`).
    /// - Throws: ``CLIError`` (exit status 2) for a missing id or an unknown sub-command.
    public static func request(_ words: [String], _ arguments: ParsedArguments) throws(CLIError) -> Request {
        func usage(_ text: String) -> CLIError { CLIError(text, hint: "run `connectbus sim --help`", exitCode: 2) }
        let account = arguments.value("stripe-account")
        switch (words.first, words.count) {
        case ("list", 1):
            var query: [String] = []
            if let limit = try arguments.integer("limit", verb: "sim", in: 1...100) { query.append("limit=\(limit)") }
            if let type = arguments.value("type") { query.append("type=\(encoded(type))") }
            return Request(method: .get, path: "/v1/events" + (query.isEmpty ? "" : "?" + query.joined(separator: "&")), stripeAccount: account)
        case ("retrieve", 2):
            return Request(method: .get, path: "/v1/events/\(encoded(words[1]))", stripeAccount: account)
        case ("resend", 2):
            var body: [String: String] = [:]
            if let endpoint = arguments.value("webhook-endpoint") { body["webhook_endpoint"] = endpoint }
            if let owner = arguments.value("account") ?? account { body["account"] = owner }
            return Request(method: .post, path: "/sim/events/\(encoded(words[1]))/resend", body: body)
        case ("retrieve", _), ("resend", _):
            throw usage("events \(words[0]) needs one event id (evt_…)")
        default:
            throw usage("unknown sim command: events \(words.joined(separator: " ")) (list, retrieve, resend)")
        }
    }

    /// Runs `sim events …` against `client`, writing lines with `emit` (`--json`: the
    /// simulator's JSON); returns the exit status (1 when the simulator refused).
    /// - Throws: ``CLIError`` for bad arguments or an unreachable simulator.
    public static func run(
        _ words: [String], _ arguments: ParsedArguments, client: SimControlClient, apiKey: String, emit: (String) -> Void
    ) throws(CLIError) -> Int32 {
        let request = try request(words, arguments)
        var headers: [(name: String, value: String)] = []
        if request.path.hasPrefix("/v1/") { headers.append(("Authorization", "Bearer \(apiKey)")) }
        if let account = request.stripeAccount { headers.append(("Stripe-Account", account)) }
        let (status, answer) = try client.send(
            request.method, request.path, body: request.body.map { Array(SimVerb.jsonObject($0).utf8) }, headers: headers)
        guard (200..<300).contains(status) else {
            Output.error(SimVerb.refusal(status, answer))
            return 1
        }
        if arguments.has("json") {
            emit(JSONDisplay.pretty(answer))
        } else {
            emit(lines(words[0], answer) ?? JSONDisplay.pretty(answer))
        }
        return 0
    }

    /// One line per event (`created  id  type  account`, `-` for the platform's), or per
    /// endpoint a resend went to; nil when the answer is not of that shape.
    static func lines(_ command: String, _ answer: [UInt8]) -> String? {
        guard let object = JSONDisplay.parse(answer) as? [String: Any] else { return nil }
        if command == "resend" {
            let endpoints = object["endpoints"] as? [[String: Any]] ?? []
            return endpoints.map { endpoint in
                "\(text(object["event"]))  \(text(object["type"]))  resent to \(text(endpoint["id"]))  \(text(endpoint["url"]))"
            }.joined(separator: "\n")
        }
        let events = command == "list" ? object["data"] as? [[String: Any]] : [object]
        return events?.map(line).joined(separator: "\n")
    }

    /// `2026-12-04T19:40:00Z  evt_…  payment_intent.succeeded  acct_…`.
    static func line(_ event: [String: Any]) -> String {
        let created = (event["created"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue) }
        let time = created.map { ISO8601DateFormatter().string(from: $0) } ?? "-"
        return "\(time)  \(text(event["id"]))  \(text(event["type"]))  \(text(event["account"]))"
    }

    private static func text(_ value: Any?) -> String {
        guard let value, !(value is NSNull) else { return "-" }
        return JSONDisplay.plain(value)
    }

    /// `text` percent-encoded for a path segment or query value.
    static func encoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~*")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
