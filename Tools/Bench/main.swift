import Foundation
import Runtime

// connectbus-bench: throughput of the runtime on a no-op handler and idle RSS of a host.
// Run with `swift run -c release connectbus-bench` and AMQP_URL / DATABASE_URL set
// (defaults: the local development servers). See BenchOptions for the variables.
let options = BenchOptions(ProcessInfo.processInfo.environment)
if CommandLine.arguments.dropFirst().first == "--idle-rss" {
    exit(IdleRSS.runChild(options))
}
if let code = WebhookIngressBenchmark.runIfRequested(CommandLine.arguments, options) { exit(code) }
print("connectbus-bench: \(options.messages) messages per run, payload \(options.payloadBytes) bytes")
do {
    if ProcessInfo.processInfo.environment["BENCH_SKIP_RSS"] != "1", let usage = try IdleRSS.measure() {
        print(String(format: "idle ServiceHost (1 queue, 2 workers): RSS %.1f MB, PSS %.1f MB, private %.1f MB",
                     Double(usage.rss) / 1024, Double(usage.pss) / 1024, Double(usage.privateBytes) / 1024))
    }
    for run in options.runs {
        let result = try ThroughputRun(options: options, configuration: run).execute()
        print(String(format: "%-44@ %8.0f msg/s  (%d messages in %.2f s)", run.label as NSString,
                     result.messagesPerSecond, result.messages, result.seconds))
    }
} catch {
    FileHandle.standardError.write(Data("connectbus-bench: \(error)\n".utf8))
    exit(1)
}
