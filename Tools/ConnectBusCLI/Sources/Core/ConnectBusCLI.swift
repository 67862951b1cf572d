import Foundation

/// The `connectbus` command line: finds the verb, parses its arguments, runs it and turns
/// failures into a message that says what to do and an exit status.
///
/// Runs on the calling thread (the process's main thread in the executable); blocking
/// socket calls happen there, never on Swift's cooperative pool.
public enum ConnectBusCLI {
    /// Every verb, in help order.
    public static let verbs: [VerbEntry] = [
        SendVerb.entry, TailVerb.entry, DLQVerb.entry, TopologyVerb.entry, MigrateVerb.entry,
        CatalogueVerb.entry, StatusVerb.entry, DemoVerb.entry, StoryVerb.entry,
        SimVerb.entry, TraceVerb.entry, StripeVerb.entry, DoctorVerb.entry,
    ]

    /// The top-level help text.
    public static var help: String {
        let list = verbs.map { "  \($0.name.padding(toLength: 11, withPad: " ", startingAt: 0))\($0.summary)" }
        return
            (["usage: connectbus <verb> [arguments]   (connectbus <verb> --help for details)", ""] + list + [
                "",
                "Configuration comes from the services' environment variables: AMQP_URL, DATABASE_URL,",
                "CONNECTBUS_MANAGEMENT_URL (defaults: the local servers of `make up`).",
            ]).joined(separator: "\n")
    }

    /// Runs `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        guard let verbName = arguments.first, verbName != "--help", verbName != "-h", verbName != "help" else {
            Output.line(help)
            return arguments.isEmpty ? 2 : 0
        }
        guard let verb = verbs.first(where: { $0.name == verbName }) else {
            Output.error(
                CLIError(
                    "unknown verb \(verbName)",
                    hint: "verbs: \(verbs.map(\.name).joined(separator: ", ")); see `connectbus --help`"
                ).description)
            return 2
        }
        do {
            let parsed = try ParsedArguments(
                Array(arguments.dropFirst()), verb: verb.name,
                options: verb.options, flags: verb.flags)
            if parsed.has("help") {
                Output.line(verb.help)
                return 0
            }
            return try verb.run(parsed, CLIEnvironment(environment))
        } catch let error as CLIError {
            Output.error(error.description)
            return error.exitCode
        } catch {
            Output.error("error: \(verb.name): \(error)")
            return 1
        }
    }
}
