import Foundation
import Runtime

/// `connectbus story [--run-dir DIR] [--events-url URL] [--browser-setup]`: plays the
/// store-builder story as a platform service on the typed message package (``Story``),
/// prints and checks its summary; or, with `--browser-setup`, prepares a seller and a shop
/// for a person in a browser (``BrowserSetup``). `scripts/demo.sh` starts everything and
/// runs this verb.
public enum StoryVerb: Verb {
    /// `story`.
    public static let name = "story"
    /// One line for the verb list.
    public static let summary = "play the store-builder story against running services and check it (what demo.sh runs)"
    /// Options that take a value.
    public static let options: Set<String> = ["run-dir", "events-url"]
    /// Options without value.
    public static let flags: Set<String> = ["browser-setup"]
    /// The help text.
    public static let help = """
        usage: connectbus story [--run-dir DIR] [--events-url AMQP_URL] [--browser-setup]

        Plays the store-builder story against running services, stripe-sim and an SMTP sink
        (scripts/demo.sh starts them all, then runs this): a seller onboarded, buyers paying
        online, in the app and in the shop, a refund, a dispute won, a failed payout and the
        seller's statement. Each step prints `ok` or `FAILED`; then the summary (orders,
        amounts, application fees, events per routing key, e-mails, statement, dead letters)
        and its checks. It is a platform service written on the Messages package: commands
        are Swift values sent with reply_to, events are followed on connectbus.events.

          --run-dir DIR        the demo's folder: the SMTP sink's Maildir DIR/mail, where
                               statement.json and browser-urls.json are written
                               (default $DEMO_RUN_DIR, else .local/demo)
          --events-url URL     the AMQP URL events are followed with (default AMQP_URL;
                               the demo passes its `monitor` user's)
          --browser-setup      instead of the story: create a seller and print its onboarding
                               link, wait until a person finished it ($DEMO_BROWSER_WAIT
                               seconds, default 1800), then prepare hosted and embedded
                               Checkout, the PaymentSheet page and a reader payment, and
                               write their URLs to DIR/browser-urls.json

        Environment: AMQP_URL (commands), STRIPE_API_BASE or STRIPE_SIM_PORT, STRIPE_API_KEY,
        DEMO_HTTP_PORT_BASE (the platform's own pages in return URLs: its port + 9).
        Exit status: 0 when every step and check passed, 1 otherwise, 2 for bad arguments.
        """

    /// Runs the verb; see ``help``.
    public static func run(_ arguments: ParsedArguments, environment: CLIEnvironment) throws -> Int32 {
        guard arguments.positionals.isEmpty else { throw CLIError.usage("story takes no positional arguments", verb: name) }
        let env = ProcessInfo.processInfo.environment
        let runDirectory = arguments.value("run-dir") ?? env["DEMO_RUN_DIR"] ?? ".local/demo"
        var followed = environment
        if let url = arguments.value("events-url") { followed.amqpURL = url }
        let events = try StoryEventLog.start(url: try followed.parsedAMQPURL())
        defer { events.stop() }
        let platform = try StoryPlatform(
            environment: environment, events: events, maildir: runDirectory + "/mail", apiKey: environment.simAPIKey)
        let references = StoryReferences(runId: runId(Date()))
        if arguments.has("browser-setup") {
            let wait = Int(env["DEMO_BROWSER_WAIT"] ?? "") ?? 1800
            return BrowserSetup(platform: platform, references: references, runDirectory: runDirectory).run(wait: .seconds(wait)) ? 0 : 1
        }
        let portBase = Int(env["DEMO_HTTP_PORT_BASE"] ?? "") ?? 8080
        let story = Story(
            platform: platform, references: references, site: "http://127.0.0.1:\(portBase + 9)/shop", runDirectory: runDirectory)
        let start = ContinuousClock.now
        let played = story.play()
        let seconds = Int((ContinuousClock.now - start).seconds)
        DedicatedThread.sleep(.seconds(1))  // late events (e-mail sent, duplicates) arrive
        platform.heading("Summary")
        let summary = story.summary(seconds: seconds)
        for line in summary.lines { Output.line(line) }
        Output.line("")
        let checks = summary.checks
        for check in checks { Output.line("  \(check.passed ? "PASS" : "FAIL")  \(check.name)") }
        let failed = checks.filter { !$0.passed }.count
        Output.line(
            "\ndemo check: " + (failed == 0 ? "all \(checks.count) checks passed" : "\(failed) of \(checks.count) checks FAILED"))
        return played && failed == 0 ? 0 : 1
    }

    /// The run's id: the UTC time as `yyyyMMddHHmmss`.
    static func runId(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMddHHmmss"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter.string(from: date)
    }
}
