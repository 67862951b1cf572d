import Foundation
import Runtime

/// Idle memory of a ServiceHost: a child process (this executable with `--idle-rss`)
/// starts a host with the ping route and 2 workers, waits until it is ready and settled,
/// and prints its own `Rss`, `Pss` and private (clean + dirty) memory in kB from
/// `/proc/self/smaps_rollup` (most of the RSS is shared clean pages of the Swift runtime,
/// Foundation and the C libraries, shared by every service on a host).
enum IdleRSS {
    /// Memory of the idle child in kB.
    struct Usage {
        let rss: Int
        let pss: Int
        let privateBytes: Int
    }

    /// Runs the child and returns what it reported.
    static func measure() throws -> Usage? {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = ["--idle-rss"]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        let numbers = String(data: output, encoding: .utf8)?.split(separator: "\n").last?
            .split(separator: " ").compactMap { Int($0) } ?? []
        guard numbers.count == 3 else { return nil }
        return Usage(rss: numbers[0], pss: numbers[1], privateBytes: numbers[2])
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
        let memory = smapsRollup()
        print("\(memory["Rss"] ?? -1) \(memory["Pss"] ?? -1) \((memory["Private_Clean"] ?? 0) + (memory["Private_Dirty"] ?? 0))")
        host.shutdown()
        Cleanup.drop(schema: "bench_idle_\(suffix)", queue: PingRoute.name(service: "bench-idle-\(suffix)"), options)
        return 0
    }

    /// The fields of `/proc/self/smaps_rollup` in kB.
    static func smapsRollup() -> [String: Int] {
        guard let text = try? String(contentsOfFile: "/proc/self/smaps_rollup", encoding: .utf8) else { return [:] }
        var fields: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count >= 2, parts[0].hasSuffix(":"), let value = Int(parts[1]) else { continue }
            fields[String(parts[0].dropLast())] = value
        }
        return fields
    }
}
