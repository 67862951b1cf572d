import Bus
import Foundation
public import Messages
import Runtime
public import StripeAPI

/// A step that failed: already printed as `FAILED` and counted by ``StoryPlatform``; it
/// ends the scene it was thrown in (the story goes on with the next scene).
public struct StepFailed: Error, Sendable {}

/// What a platform service does in the store-builder story, on the typed message package:
/// sends commands (``send(_:account:)``: the command's Swift type in, its `Result` type out,
/// over ``RequestReplyClient`` as `connectbus send` does), waits for events
/// (``StoryEventLog``), for e-mails in the SMTP sink's Maildir, and plays what a seller's
/// or buyer's browser or device does on stripe-sim (``sim(_:_:form:account:headers:)``).
/// It prints each step (`== heading`, `ok`, `FAILED`) to standard error and counts the
/// failures.
///
/// Not `Sendable`: owns AMQP connections and a curl handle; use it on one thread (it
/// blocks that thread while it waits).
public final class StoryPlatform {
    /// How long a step waits for a reply, an event or an e-mail.
    public static let patience: Duration = .seconds(60)

    let commands: RequestReplyClient
    let simulator: SimControlClient
    let events: StoryEventLog
    let maildir: String
    let apiKey: String
    let environment: CLIEnvironment
    /// What failed, one line each, in order.
    public private(set) var failures: [String] = []

    /// A platform on `environment`'s broker (`AMQP_URL`, the commands' user) and simulator
    /// (`STRIPE_API_BASE`, `STRIPE_API_KEY`), with `events` already followed and the SMTP
    /// sink writing to `maildir`.
    /// - Throws: ``CLIError`` when the broker or libcurl is unavailable.
    public init(environment: CLIEnvironment, events: StoryEventLog, maildir: String, apiKey: String) throws(CLIError) {
        let url = try environment.parsedAMQPURL()
        do throws(BusError) {
            commands = try RequestReplyClient(url: url, appId: "connectbus-story")
        } catch {
            throw CLIError("cannot connect to RabbitMQ: \(error)", hint: "start it with `make up` or set AMQP_URL")
        }
        simulator = try SimControlClient(base: environment.stripeAPIBase)
        self.events = events
        self.maildir = maildir
        self.apiKey = apiKey
        self.environment = environment
    }

    deinit { commands.close() }

    /// The simulator's base URL, e.g. `http://127.0.0.1:12111`.
    public var simulatorBase: String { simulator.baseURL }

    // MARK: Printing

    /// `== text` in bold: a scene begins.
    public func heading(_ text: String) { Output.error("\n\u{1B}[1m== \(text)\u{1B}[0m") }

    /// `   ok  text`.
    public func ok(_ text: String) { Output.error("   ok  \(text)") }

    /// `   FAILED  text`, counted.
    public func fail(_ text: String) {
        Output.error("   FAILED  \(text)")
        failures.append(text)
    }

    /// Prints `ok` when `condition` holds; otherwise fails with `failure` and ends the scene.
    public func expect(_ condition: Bool, _ success: @autoclosure () -> String, else failure: @autoclosure () -> String) throws(StepFailed) {
        guard condition else {
            fail(failure())
            throw StepFailed()
        }
        ok(success())
    }

    /// Fails with `failure` and ends the scene unless `condition` holds (prints nothing when it does).
    public func require(_ condition: Bool, else failure: @autoclosure () -> String) throws(StepFailed) {
        guard condition else {
            fail(failure())
            throw StepFailed()
        }
    }

    // MARK: Commands

    /// Sends `command` (on `account`'s behalf: `x-stripe-account`) and returns its result;
    /// an error reply, no reply within ``patience`` or a broker problem fails the step.
    public func send<C: CommandMessage>(_ command: C, account: String? = nil) throws(StepFailed) -> C.Result {
        let body = (try? MessageCoder.encode(command)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
        Output.error("   send \(C.messageName) \(body)")
        do {
            switch try commands.send(command, stripeAccount: account, timeout: Self.patience) {
            case .ok(let result): return result
            case .error(let error): Output.error("   error reply: \(error)")
            }
        } catch let error as BusError {
            Output.error("   \(SendVerb.explain(error, command: C.messageName, timeout: Self.patience.seconds).description)")
        } catch {
            Output.error("   \(C.messageName): \(error)")
        }
        fail(C.messageName)
        throw StepFailed()
    }

    // MARK: Events and e-mails

    /// Waits up to ``patience`` for an event with routing key `key` whose fields (a raw
    /// Stripe event's `data.object`) show as `wanted`, e.g. `("amount", "4800")`.
    @discardableResult
    public func event(_ key: String, _ wanted: (String, String)...) throws(StepFailed) -> StoryEvent {
        let label = ([key] + wanted.map { "\($0.0)=\($0.1)" }).joined(separator: " ")
        let found = poll { self.events.snapshot.first { $0.matches(key, wanted) } }
        guard let found else {
            fail("no event \(label) within \(Int(Self.patience.seconds)) s")
            throw StepFailed()
        }
        ok("event \(label)")
        return found
    }

    /// Waits until the SMTP sink holds at least `count` e-mails.
    public func mails(_ count: Int) throws(StepFailed) {
        let held = poll { () -> Int? in
            let n = MaildirMessage.read(maildir: self.maildir).count
            return n >= count ? n : nil
        }
        guard let held else {
            fail("the SMTP sink holds \(MaildirMessage.read(maildir: maildir).count) e-mails, expected \(count)")
            throw StepFailed()
        }
        ok("e-mail received by the SMTP sink (\(held) in \(maildir)/new)")
    }

    /// Waits for an e-mail to `address` whose subject contains `text`.
    public func mail(to address: String, about text: String) throws(StepFailed) {
        let found = poll { MaildirMessage.read(maildir: self.maildir).first { $0.to.contains(address) && $0.subject.contains(text) } }
        guard found != nil else {
            fail("no e-mail to \(address) about '\(text)' within \(Int(Self.patience.seconds)) s")
            throw StepFailed()
        }
        ok("e-mail to \(address): '…\(text)…'")
    }

    /// `probe`'s first non-nil answer, asked every 0.3 s for up to `limit` (the command
    /// connections' heartbeats are kept meanwhile).
    func poll<T>(for limit: Duration = StoryPlatform.patience, _ probe: () -> T?) -> T? {
        let deadline = ContinuousClock.now + limit
        while true {
            if let value = probe() { return value }
            guard ContinuousClock.now < deadline else { return nil }
            commands.sendHeartbeatIfDue()
            DedicatedThread.sleep(.milliseconds(300))
        }
    }

    // MARK: The simulator

    /// What stripe-sim answered a page or API call.
    public struct SimAnswer {
        /// HTTP status.
        public var status: Int
        /// The `Location` of a redirect (empty otherwise).
        public var location: String
        /// The body.
        public var body: [UInt8]
        /// The body as a JSON object (empty when it is not one).
        public var json: [String: Any] { JSONDisplay.parse(body) as? [String: Any] ?? [:] }
        /// A field of the JSON body by path (`controller.fees.payer`), as text (`nil` when absent).
        public func field(_ path: String) -> String? { StoryEvent.text(JSONDisplay.value(at: path, in: json)) }
        /// The body as text, for a failure line.
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// A call to stripe-sim as the seller's or buyer's browser or device makes it: a hosted
    /// page or a `/v1` call (a form `form`, with the API key and, given `account`, its
    /// `Stripe-Account`). `path` may be an absolute URL the simulator handed out.
    /// Redirects are not followed. An unreachable simulator fails the step.
    public func sim(
        _ method: HTTPMethod, _ path: String, form: [(String, String)]? = nil, account: String? = nil,
        apiKey useKey: Bool = false, headers: [(name: String, value: String)] = []
    ) throws(StepFailed) -> SimAnswer {
        var extra = headers
        if useKey || account != nil { extra.append(("Authorization", "Bearer \(apiKey)")) }
        if let account { extra.append(("Stripe-Account", account)) }
        let body = form.map { Array(Self.formBody($0).utf8) }
        do {
            let response = try simulator.exchange(
                method, path, body: body, headers: extra, contentType: "application/x-www-form-urlencoded")
            return SimAnswer(status: response.status, location: response.headers["location"] ?? "", body: response.body)
        } catch {
            fail("\(method.rawValue) \(path): \(error.message)")
            throw StepFailed()
        }
    }

    /// `application/x-www-form-urlencoded` text of `pairs`, in order.
    static func formBody(_ pairs: [(String, String)]) -> String {
        pairs.map { FormEncoding.percentEncode($0.0) + "=" + FormEncoding.percentEncode($0.1) }.joined(separator: "&")
    }

    /// The simulator's clock now (Unix seconds).
    public func simClock() throws(StepFailed) -> Int {
        let answer = try sim(.get, "/sim/clock")
        guard answer.status == 200, let now = answer.json["now"] as? Int else {
            fail("the simulator's clock: HTTP \(answer.status) \(answer.text)")
            throw StepFailed()
        }
        return now
    }

    /// Moves the simulator's clock forward (what `connectbus sim clock advance` does).
    public func advanceClock(seconds: Int) throws(StepFailed) {
        let answer = try? simulator.send(.post, "/sim/clock/advance", body: Array(SimVerb.jsonObject(["seconds": String(seconds)]).utf8))
        guard let answer, (200..<300).contains(answer.status) else {
            fail("the simulator's clock did not move")
            throw StepFailed()
        }
    }

    /// The messages parked in every dead-letter queue now, or with `account` only that
    /// seller's (`nil` when the broker cannot be asked).
    public func deadLetters(account: String? = nil) -> Int? {
        try? DeadLetterQueue.parkedCount(account: account, environment: environment)
    }
}
