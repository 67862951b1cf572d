import Bus
import Foundation
import Messages

/// `connectbus send <command> [--json '{…}' | --file F] [--account acct_…] [--timeout S] [--get PATH]`:
/// validates a command from the catalogue, publishes it as a platform service would
/// (`mandatory`, confirmed, `reply_to`, `correlation_id`) and prints the reply.
public enum SendVerb: Verb {
    /// `send`.
    public static let name = "send"
    /// One line for the verb list.
    public static let summary = "publish a command from the catalogue and print its reply"
    /// Options that take a value.
    public static let options: Set<String> = ["json", "file", "account", "timeout", "get"]
    /// Options without value.
    public static let flags: Set<String> = []
    /// The help text.
    public static let help = """
        usage: connectbus send <command> [--json '{…}' | --file FILE] [--account acct_…] [--timeout SECONDS] [--get PATH]

        Checks the JSON body against the command's type in the catalogue (an error names the
        bad field; nothing is published then), publishes it on connectbus.commands with
        reply_to and correlation_id, waits for the reply and prints it as JSON.
        Exit status: 0 for {"ok": true, …}, 1 for an error reply, no reply in time or a
        broker problem, 2 for bad arguments or an invalid body.

          <command>          a command name, e.g. payments.create_product (`connectbus catalogue` lists them)
          --json TEXT        the body (default {})
          --file FILE        read the body from FILE (`-` for standard input)
          --account ACCT     the connected account: sent as x-stripe-account, and added to the
                             body as "account" when the body has none
          --timeout SECONDS  how long to wait for the reply (default 30)
          --get PATH         print only this field of the reply, e.g. result.url or
                             result.line_items[0].price (strings without quotes)

        Environment: AMQP_URL (default the local broker).
        Example:
          connectbus send payments.create_product --account acct_123 --json '{"name":"Mug"}' --get result.product
        """

    /// The usage error for `positionals` other than one command name; a JSON body given
    /// after the name (`send payments.refund '{…}'`) is pointed at `--json`.
    static func positionalError(_ positionals: [String]) -> CLIError {
        let message = "send takes exactly one command name, got \(positionals.count)"
        if positionals.count == 2, let body = positionals.last?.drop(while: \.isWhitespace), body.first == "{" || body.first == "[" {
            return CLIError(
                message, hint: "pass the body with --json: connectbus send \(positionals[0]) --json '\(positionals[1])'", exitCode: 2)
        }
        return CLIError.usage(message, verb: name)
    }

    /// Runs the verb; see ``help``.
    public static func run(_ arguments: ParsedArguments, environment: CLIEnvironment) throws -> Int32 {
        guard arguments.positionals.count == 1, let command = arguments.positionals.first else {
            throw positionalError(arguments.positionals)
        }
        let timeout = try arguments.number("timeout", verb: name, in: 0.1...3600) ?? 30
        let checked = try CommandInput.check(name: command, json: try body(arguments), account: arguments.value("account"))
        let client: RequestReplyClient
        do {
            client = try RequestReplyClient(url: try environment.parsedAMQPURL(), appId: "connectbus-cli")
        } catch let error as BusError {
            throw CLIError("cannot connect to RabbitMQ: \(error)", hint: "start it with `make up` or set AMQP_URL")
        }
        defer { client.close() }
        let reply: Envelope
        do {
            reply = try client.sendRaw(
                type: checked.name, body: checked.body, schemaVersion: checked.schemaVersion,
                stripeAccount: arguments.value("account"),
                timeout: .milliseconds(Int(timeout * 1000)))
        } catch {
            throw explain(error, command: command, timeout: timeout)
        }
        return printReply(reply.body, path: arguments.value("get"))
    }

    /// Prints the reply (or one field of it); 0 for an ok reply, 1 otherwise.
    static func printReply(_ body: [UInt8], path: String?) -> Int32 {
        let object = JSONDisplay.parse(body)
        let ok = (object as? [String: Any])?["ok"] as? Bool ?? false
        if let path, ok, let object {
            guard let value = JSONDisplay.value(at: path, in: object) else {
                Output.error("error: the reply has no field \(path)\n\(JSONDisplay.pretty(body))")
                return 1
            }
            Output.line(JSONDisplay.plain(value))
        } else if ok {
            Output.line(JSONDisplay.pretty(body))
        } else {
            Output.error(JSONDisplay.pretty(body))
        }
        return ok ? 0 : 1
    }

    /// The body from --json or --file (default `{}`).
    static func body(_ arguments: ParsedArguments) throws(CLIError) -> [UInt8] {
        if arguments.value("json") != nil, arguments.value("file") != nil {
            throw CLIError.usage("give the body with --json or --file, not both", verb: name)
        }
        if let json = arguments.value("json") { return Array(json.utf8) }
        guard let file = arguments.value("file") else { return Array("{}".utf8) }
        if file == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CLIError("cannot read \(file)", hint: "check the path, or pass the body inline with --json", exitCode: 2)
        }
        return Array(data)
    }

    /// A bus failure in the operator's terms.
    static func explain(_ error: BusError, command: String, timeout: Double) -> CLIError {
        switch error.code {
        case BusError.Code.unroutable:
            return CLIError(
                "no queue takes \(command) (the broker returned it unroutable)",
                hint: "start the service that consumes it, or declare the queues with `connectbus topology`")
        case BusError.Code.timeout:
            return CLIError(
                "no reply to \(command) within \(timeout) s",
                hint: "is its service running? `connectbus status` shows the queue's consumers; the command stays queued until one answers")
        default:
            return CLIError("\(command): \(error)", hint: "check the broker with `connectbus status`")
        }
    }
}
