import Foundation

/// Settings of a benchmark session, from the environment:
/// `AMQP_URL`, `DATABASE_URL` (default: the local development servers),
/// `BENCH_MESSAGES` (default 20000), `BENCH_PAYLOAD_BYTES` (default 200), `BENCH_RUNS`
/// (indexes of the configurations to run, e.g. `1,2`).
struct BenchOptions {
    /// One configuration to measure.
    struct Configuration {
        let label: String
        let workers: Int
        let prefetch: Int
    }

    let amqpURL: String
    let databaseURL: String
    let messages: Int
    let payloadBytes: Int
    /// Indexes of ``runs`` to execute (`BENCH_RUNS=1,2`; default all).
    let selected: Set<Int>?

    init(_ env: [String: String]) {
        amqpURL = env["AMQP_URL"] ?? "amqp://connectbus:connectbus@127.0.0.1:5672/"
        databaseURL = env["DATABASE_URL"] ?? "postgres://connectbus_admin:connectbus_admin@127.0.0.1:5432/connectbus"
        messages = env["BENCH_MESSAGES"].flatMap { Int($0) } ?? 20_000
        payloadBytes = env["BENCH_PAYLOAD_BYTES"].flatMap { Int($0) } ?? 200
        selected = env["BENCH_RUNS"].map { Set($0.split(separator: ",").compactMap { Int($0) }) }
    }

    /// One at a time (prefetch 1, batch 1) and batched (prefetch/batch 50) with 2 and 4
    /// workers, filtered by `BENCH_RUNS` (0-based indexes).
    var runs: [Configuration] {
        let all = [Configuration(label: "one at a time, prefetch 1, 4 workers", workers: 4, prefetch: 1),
         Configuration(label: "batched, prefetch 50, 2 workers", workers: 2, prefetch: 50),
         Configuration(label: "batched, prefetch 50, 4 workers", workers: 4, prefetch: 50)]
        return all.enumerated().filter { selected?.contains($0.offset) ?? true }.map(\.element)
    }
}
