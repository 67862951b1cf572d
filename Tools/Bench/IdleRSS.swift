import Foundation
import Runtime

/// Idle memory of a ServiceHost: a child process (this executable with `--idle-rss`)
/// starts a host with the ping route and 2 workers, waits until it is ready and settled,
/// and prints its own `VmRSS` (kB) from `/proc/self/status`.
enum IdleRSS {
    /// Runs the child and returns the RSS it reported, in kB.
    static func measure() throws -> Int? {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = ["--idle-rss"]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        return String(data: output, encoding: .utf8)?.split(separator: "\n").last.flatMap { Int($0) }
    }

    /// The child's side: start, settle, report, drain.
    static func runChild(_ options: BenchOptions) -> Int32 {
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let config = ServiceConfig(service: "bench-idle", amqpURL: options.amqpURL, databaseURL: options.databaseURL,
                                   workers: 2, httpPort: 0, logLevel: .error)
        let host = ServiceHost(name: "bench-idle", config: config, schema: "bench_idle_\(suffix)",
                               routes: [PingRoute.make(service: "bench-idle-\(suffix)")])
        do { try host.start() } catch { return 1 }
        Thread.sleep(forTimeInterval: 2)
        print(residentKilobytes() ?? -1)
        host.shutdown()
        Cleanup.drop(schema: "bench_idle_\(suffix)", queue: PingRoute.name(service: "bench-idle-\(suffix)"), options)
        return 0
    }

    /// `VmRSS` of this process in kB.
    static func residentKilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        return line?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }
}
