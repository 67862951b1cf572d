import Foundation
import Runtime

// connectbus-bench: throughput of the runtime on a no-op handler (idle memory of the real
// service executables: scripts/bench-idle-rss.sh).
// Run with `swift run -c release connectbus-bench` and AMQP_URL / DATABASE_URL set
// (defaults: the local development servers). See BenchOptions for the variables.
let options = BenchOptions(ProcessInfo.processInfo.environment)
if let code = WebhookIngressBenchmark.runIfRequested(CommandLine.arguments, options) { exit(code) }
if let code = TracingCost.runIfRequested(CommandLine.arguments, ProcessInfo.processInfo.environment) { exit(code) }
print("connectbus-bench: \(options.messages) messages per run, payload \(options.payloadBytes) bytes")
do {
    for run in options.runs {
        let result = try ThroughputRun(options: options, configuration: run).execute()
        print(String(format: "%-44@ %8.0f msg/s  (%d messages in %.2f s)", run.label as NSString,
                     result.messagesPerSecond, result.messages, result.seconds))
    }
} catch {
    FileHandle.standardError.write(Data("connectbus-bench: \(error)\n".utf8))
    exit(1)
}
