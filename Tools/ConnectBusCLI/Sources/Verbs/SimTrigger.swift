import Foundation
import StripeAPI

/// `connectbus sim trigger EVENT [--stripe-account acct_…] [--override [step:]param=value]`,
/// the simulator's twin of `stripe trigger` (docs.stripe.com/cli/trigger): runs the recipe
/// of ``SimTriggerFixtures`` for EVENT through stripe-sim's own API (and its hosted pages
/// where a person would act), then waits until the event really exists
/// (`GET /v1/events?type=EVENT`) and prints its id.
public enum SimTrigger {
    /// How long to wait for the event after the last call (a SEPA settlement takes the
    /// simulator's async delay, 1 simulated second by default), in seconds.
    public static let eventDeadlineSeconds = 30.0

    /// `--help`'s list: one line per supported event type.
    public static var supportedList: String {
        let width = (SimTriggerFixtures.all.map(\.event.count).max() ?? 0) + 2
        return SimTriggerFixtures.all.map { fixture in
            "    " + fixture.event.padding(toLength: width, withPad: " ", startingAt: 0) + fixture.summary
        }.joined(separator: "\n")
    }

    /// A `--override` value: `[step:]param=value` (no step: the recipe's first call).
    public struct Override: Equatable, Sendable {
        /// The step's name (`payment_intent`), nil for the first step.
        public var step: String?
        /// The form parameter (`amount`, `metadata[order]`).
        public var param: String
        /// Its value.
        public var value: String

        /// Parses `text`.
        /// - Throws: ``CLIError`` (exit status 2) without `=` or a parameter name.
        public init(_ text: String) throws(CLIError) {
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw CLIError("--override \(text): expected [step:]param=value", hint: "run `connectbus sim --help`", exitCode: 2)
            }
            let key = String(text[..<equals])
            value = String(text[text.index(after: equals)...])
            if let colon = key.firstIndex(of: ":") {
                step = String(key[..<colon])
                param = String(key[key.index(after: colon)...])
            } else {
                param = key
            }
            guard !param.isEmpty else {
                throw CLIError("--override \(text): expected [step:]param=value", hint: "run `connectbus sim --help`", exitCode: 2)
            }
        }
    }

    /// The recipe's steps with the overrides applied (a parameter replaced, or added).
    /// - Throws: ``CLIError`` (exit status 2) for an override naming no step of the recipe.
    public static func steps(_ fixture: SimTriggerFixture, overrides: [Override]) throws(CLIError) -> [SimTriggerFixture.Step] {
        var steps = fixture.steps
        for override in overrides {
            guard let index = override.step.map({ name in steps.firstIndex { $0.name == name } }) ?? steps.indices.first else {
                let names = steps.map(\.name).joined(separator: ", ")
                throw CLIError(
                    "--override \(override.step ?? ""):\(override.param): \(fixture.event) has no step \(override.step ?? "") (steps: \(names))",
                    hint: "run `connectbus sim --help`", exitCode: 2)
            }
            if let existing = steps[index].params.firstIndex(where: { $0.0 == override.param }) {
                steps[index].params[existing].1 = override.value
            } else {
                steps[index].params.append((override.param, override.value))
            }
        }
        return steps
    }

    /// Replaces `{account}` and `{step.path}` in `text` with the connected account and
    /// earlier answers' values.
    /// - Throws: ``CLIError`` for a reference to a step not run yet or a missing value.
    static func resolve(_ text: String, account: String?, answers: [String: Any]) throws(CLIError) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            let reference = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            if reference == "account" {
                guard let account else { throw CLIError("this trigger needs a connected account: pass --stripe-account acct_…", exitCode: 2) }
                out += account
                continue
            }
            let parts = reference.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2, let answer = answers[parts[0]], let value = JSONDisplay.value(at: parts[1], in: answer) else {
                throw CLIError("sim trigger: no value for {\(reference)} in the answers so far")
            }
            out += JSONDisplay.plain(value)
        }
        return out + rest
    }

    /// Runs `sim trigger <words…>` (`words` after `trigger`) against `client`, writing
    /// progress with `emit`; returns 0 once the event exists, 1 when a call was refused or
    /// the event did not appear in ``eventDeadlineSeconds``.
    /// - Throws: ``CLIError`` for bad arguments (exit status 2) or an unreachable simulator.
    public static func run(
        _ words: [String], _ arguments: ParsedArguments, client: SimControlClient, apiKey: String, emit: (String) -> Void
    ) throws(CLIError) -> Int32 {
        guard words.count == 1 else {
            throw CLIError(
                "trigger needs one event type, e.g. payment_intent.succeeded", hint: "run `connectbus sim --help` for the list", exitCode: 2)
        }
        guard let fixture = SimTriggerFixtures.fixture(for: words[0]) else {
            throw CLIError(
                "sim trigger: \(words[0]) is not supported (supported: \(SimTriggerFixtures.all.map(\.event).joined(separator: ", ")))",
                exitCode: 2)
        }
        let steps = try steps(fixture, overrides: try arguments.values("override").map { text throws(CLIError) in try Override(text) })
        var account = arguments.value("stripe-account")
        let auth = ("Authorization", "Bearer \(apiKey)")
        if fixture.needsAccount, account == nil {
            let (status, answer) = try client.send(
                .post, "/v1/accounts", body: Array("type=express".utf8), headers: [auth], contentType: "application/x-www-form-urlencoded")
            guard status == 200, let id = (JSONDisplay.parse(answer) as? [String: Any])?["id"] as? String else {
                Output.error(SimVerb.refusal(status, answer))
                return 1
            }
            emit("Setting up fixture for: account (POST /v1/accounts → \(status) \(id))")
            account = id
        }
        let eventHeaders = [auth] + (fixture.eventOnPlatform ? [] : account.map { [("Stripe-Account", $0)] } ?? [])
        guard let before = try eventIds(fixture.event, client: client, headers: eventHeaders) else { return 1 }
        var answers: [String: Any] = [:]
        for step in steps {
            guard let answer = try perform(step, account: account, answers: answers, client: client, auth: auth, emit: emit) else { return 1 }
            answers[step.name] = answer
        }
        let deadline = Date().addingTimeInterval(eventDeadlineSeconds)
        while true {
            guard let now = try eventIds(fixture.event, client: client, headers: eventHeaders) else { return 1 }
            if let event = now.first(where: { !before.contains($0) }) {
                emit("Trigger succeeded! \(fixture.event) \(event) on \(fixture.eventOnPlatform ? "the platform" : account ?? "the platform")")
                emit("  \(client.baseURL)/sim/dashboard/events/\(event)")
                return 0
            }
            if Date() >= deadline { break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        let (_, clock) = try client.send(.get, "/sim/clock")
        let frozen = (JSONDisplay.parse(clock) as? [String: Any])?["frozen"] as? Bool == true
        Output.error(
            "error: sim trigger: the calls succeeded but no \(fixture.event) event appeared within \(Int(eventDeadlineSeconds)) s"
                + (frozen ? "\nhint: the simulator's clock is frozen: `connectbus sim clock advance 1m` lets settlements happen" : ""))
        return 1
    }

    /// Runs one step; returns its JSON answer (an empty object for a page), or nil after
    /// printing the refusal.
    private static func perform(
        _ step: SimTriggerFixture.Step, account: String?, answers: [String: Any], client: SimControlClient,
        auth: (String, String), emit: (String) -> Void
    ) throws(CLIError) -> Any? {
        var path = try resolve(step.path, account: account, answers: answers)
        if path.hasPrefix("http://") || path.hasPrefix("https://"), let url = URLComponents(string: path) {
            path = url.percentEncodedPath + (url.percentEncodedQuery.map { "?" + $0 } ?? "")
        }
        var form: [String] = []
        for (name, value) in step.params {
            form.append("\(SimEventsCommand.encoded(name))=\(SimEventsCommand.encoded(try resolve(value, account: account, answers: answers)))")
        }
        let body = form.joined(separator: "&")
        var headers: [(name: String, value: String)] = []
        if step.scope != .page { headers.append(auth) }
        if step.scope == .connected, let account { headers.append(("Stripe-Account", account)) }
        if step.method == .get, !body.isEmpty { path += (path.contains("?") ? "&" : "?") + body }
        var (status, answer) = try client.send(
            step.method, path, body: step.method == .get || body.isEmpty ? nil : Array(body.utf8), headers: headers,
            contentType: "application/x-www-form-urlencoded")
        if let until = step.until {
            let deadline = Date().addingTimeInterval(eventDeadlineSeconds)
            while status == 200, JSONDisplay.parse(answer).flatMap({ JSONDisplay.value(at: until, in: $0) }) == nil, Date() < deadline {
                Thread.sleep(forTimeInterval: 0.1)
                (status, answer) = try client.send(step.method, path, body: nil, headers: headers)
            }
        }
        let accepted =
            step.declines
            ? status == 402 : (200..<300).contains(status) || (step.scope == .page && (300..<400).contains(status))
        guard accepted else {
            Output.error(SimVerb.refusal(status, answer))
            return nil
        }
        var json = step.scope == .page ? [String: Any]() : JSONDisplay.parse(answer) ?? [String: Any]()
        if step.declines, let error = (json as? [String: Any])?["error"] as? [String: Any] {
            json = error["payment_intent"] ?? error["setup_intent"] ?? error
        }
        let id = (json as? [String: Any])?["id"] as? String
        emit(
            "Running fixture for: \(step.name) (\(step.method.rawValue) \(path.split(separator: "?").first ?? "") → \(status)\(id.map { " " + $0 } ?? "")\(step.declines ? ", declined as intended" : ""))"
        )
        return json
    }

    /// The ids of the latest events of `type` (up to 100), or nil after printing a refusal.
    private static func eventIds(
        _ type: String, client: SimControlClient, headers: [(name: String, value: String)]
    ) throws(CLIError) -> [String]? {
        let (status, answer) = try client.send(.get, "/v1/events?limit=100&type=\(SimEventsCommand.encoded(type))", headers: headers)
        guard status == 200 else {
            Output.error(SimVerb.refusal(status, answer))
            return nil
        }
        let data = (JSONDisplay.parse(answer) as? [String: Any])?["data"] as? [[String: Any]] ?? []
        return data.compactMap { $0["id"] as? String }
    }
}
