import Foundation
import Runtime

// connectbus-bench: throughput of the runtime on a no-op handler, with its events routed to
// subscriber queues, and the outbox relay's drain rate (idle memory of the real service
// executables: scripts/bench-idle-rss.sh). `connectbus-bench --help` lists the options.
// Run with `swift run -c release connectbus-bench` and AMQP_URL / DATABASE_URL set
// (defaults: the local development servers).
if let code = TracingCost.runIfRequested(CommandLine.arguments, ProcessInfo.processInfo.environment) { exit(code) }
let arguments = Array(CommandLine.arguments.dropFirst())
let options: BenchOptions
do {
    options = try BenchOptions(ProcessInfo.processInfo.environment, arguments: arguments)
} catch let error as BenchError where error.description == BenchError.help.description {
    print(BenchOptions.usage)
    exit(0)
} catch {
    FileHandle.standardError.write(Data("connectbus-bench: \(error)\n\n\(BenchOptions.usage)\n".utf8))
    exit(2)
}
if let code = WebhookIngressBenchmark.runIfRequested(CommandLine.arguments, options) { exit(code) }
do {
    switch options.subcommand {
    case nil:
        print(
            "connectbus-bench: \(options.messages) messages per run, payload \(options.payloadBytes) bytes, "
                + "events routed to \(options.subscribers) quorum queue(s)")
        var failed = false
        for run in options.runs {
            for _ in 0..<options.repeats {
                let result = try ThroughputRun(options: options, configuration: run).execute()
                let routedOK = result.routed.allSatisfy { $0 == result.total }
                failed = failed || !routedOK || result.total < options.messages
                let routed =
                    result.routed.isEmpty
                    ? "no subscriber"
                    : routedOK ? "routed to \(result.routed.count) queue(s): all" : "ROUTED \(result.routed)"
                print(
                    String(
                        format: "%-52@ %8.0f msg/s  (%d messages in %.2f s; %@) | %@", run.label as NSString,
                        result.messagesPerSecond, result.messages, result.seconds, routed as NSString,
                        result.cpu.perMessage(result.messages, processLabel: "connectbus-bench") as NSString))
            }
        }
        exit(failed ? 1 : 0)
    case "backlog":
        exit(try BacklogRun(options: options).execute())
    case "command-overhead":
        exit(try CommandOverheadRun(options: options).execute())
    case let other?:
        FileHandle.standardError.write(Data("connectbus-bench: unknown command \(other)\n\n\(BenchOptions.usage)\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("connectbus-bench: \(error)\n".utf8))
    exit(1)
}
