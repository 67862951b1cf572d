import Bus
import Foundation
import Messages
import Runtime
import Store

/// `connectbus-bench command-overhead`: what the suite adds to a Stripe-bound command, with
/// Stripe's own time taken out. Publishes `onboarding.create_account` commands (one
/// `POST /v1/accounts` each, Idempotency-Key `<message_id>:create_account`) to a running
/// `onboarding` service whose Stripe is a running stripe-sim with no added latency, one at a
/// time (so nothing queues), and times publish → reply on the platform side. Then reads
/// the simulator's request log (`GET /sim/requests`; `duration_us` is its own time per
/// request, see Tools/StripeSim/README.md) and subtracts, per command, the time the
/// simulator spent on that command's requests. Prints p50/p90/p99/max of the round trip,
/// of the simulator's time and of the overhead, in milliseconds, and the floor under the
/// overhead: the broker's own publish → deliver time on a quorum and a classic queue, and
/// one Postgres commit (a one-row `INSERT` in autocommit: a round trip and the WAL flush).
/// Last, the budget: a command crosses the broker twice (the command on its quorum queue,
/// the reply on the caller's classic queue) and commits twice (the inbox check's round
/// trip, the message's transaction), so its overhead's p50 should be at most those four
/// p50s plus 1 ms for the service's own work; the line says by how much it is under or over.
///
/// With `--service-metrics URL` (the service's `/metrics`), the means per command are split
/// by where the time goes, from the service's own histograms read before and after the timed
/// commands (``OverheadSplit``): the simulator, the Stripe client beyond it, the handler
/// beyond its Stripe calls (its statements and commit), and the rest outside the handler
/// (the two broker hops, the inbox check, the reply's publish, the wake-ups).
///
/// `--in-flight N` keeps N commands outstanding instead of one (a load phase: the round trip
/// then includes queueing; `scripts/bench-command-overhead.sh` uses it to measure the
/// service's memory under load).
struct CommandOverheadRun {
    let options: BenchOptions

    /// One command's timing, in microseconds.
    struct Sample {
        var roundTrip: Int
        var simulator: Int
        var overhead: Int { roundTrip - simulator }
    }

    func execute() throws -> Int32 {
        guard let simURL = options.simURL else { throw BenchError("command-overhead needs --sim URL (stripe-sim's base URL)") }
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let replyQueue = "bench.overhead_replies_\(suffix)"
        let url = try AMQPURL(options.amqpURL)
        let publisher = try AMQPConnection(url: url, connectionName: "bench.overhead.publish")
        defer { publisher.close() }
        let consumer = try AMQPConnection(url: url, connectionName: "bench.overhead.replies")
        defer { consumer.close() }
        _ = try consumer.declareQueue(QueueSpec(name: replyQueue, durable: false))
        defer { _ = try? consumer.deleteQueue(replyQueue) }
        try consumer.startConsuming(queue: replyQueue, prefetch: 500)

        var sent: [String: ContinuousClock.Instant] = [:]
        var roundTrips: [String: Int] = [:]
        var failures = 0
        func send(_ index: Int, prefix: String) throws {
            let messageId = "\(prefix)-\(suffix)-\(index)"
            let command = CreateAccount(
                sellerReference: "bench-\(suffix)-\(prefix)-\(index)", country: "US",
                email: "seller\(index)@bench.example", type: .express)
            let envelope = Envelope(
                messageId: messageId, correlationId: messageId, type: CreateAccount.messageName,
                appId: "bench", replyTo: replyQueue,
                headers: MessageHeaders(schemaVersion: CreateAccount.schemaVersion),
                body: try MessageCoder.encode(command))
            sent[messageId] = .now
            try publisher.publish(
                envelope, exchange: Exchanges.commands, routingKey: CreateAccount.messageName,
                mandatory: true)
        }
        func receive() throws {
            let deadline = ContinuousClock.now + .seconds(60)
            while ContinuousClock.now < deadline {
                guard let delivery = try consumer.nextDelivery(timeout: .milliseconds(500)) else { continue }
                let arrived = ContinuousClock.now
                try consumer.ack(delivery.deliveryTag, multiple: false)
                guard let id = delivery.envelope.correlationId, let start = sent.removeValue(forKey: id) else { continue }
                if !String(decoding: delivery.envelope.body, as: UTF8.self).contains("\"ok\":true") { failures += 1 }
                roundTrips[id] = Int(((arrived - start).seconds * 1e6).rounded())
                return
            }
            throw BenchError("no reply within 60 s (is onboarding running against this broker?)")
        }
        func run(count: Int, prefix: String) throws {
            var next = 0
            while next < min(options.inFlight, count) { try send(next, prefix: prefix); next += 1 }
            for _ in 0..<count {
                try receive()
                if next < count { try send(next, prefix: prefix); next += 1 }
            }
        }
        let floor = try brokerFloor(url, suffix: suffix)
        let commits = try commitFloor(suffix: suffix)
        try run(count: min(50, options.commands), prefix: "warmup")
        roundTrips.removeAll()
        let started = Date().timeIntervalSince1970
        let metricsBefore = try options.serviceMetricsURL.map { String(decoding: try Self.get($0), as: UTF8.self) }
        try run(count: options.commands, prefix: "cmd")
        let metricsAfter = try options.serviceMetricsURL.map { String(decoding: try Self.get($0), as: UTF8.self) }
        let simulator = try simulatorMicros(simURL, since: started - 1)
        let samples = roundTrips.map { id, micros in Sample(roundTrip: micros, simulator: simulator[id] ?? 0) }
        let missing = roundTrips.keys.filter { simulator[$0] == nil }.count
        print(
            "command-overhead: \(samples.count) × \(CreateAccount.messageName) (POST /v1/accounts), "
                + "\(options.inFlight) in flight, \(failures) error replies, \(missing) without a simulator entry")
        func line(_ label: String, _ values: [Int]) {
            let sorted = values.sorted()
            func at(_ q: Double) -> Double { Self.quantile(sorted, q).map { Double($0) / 1000 } ?? .nan }
            print(
                String(
                    format: "%-34@ p50 %7.2f ms  p90 %7.2f ms  p99 %7.2f ms  max %7.2f ms", label as NSString,
                    at(0.5), at(0.9), at(0.99), at(1.0)))
        }
        line("publish → reply", samples.map(\.roundTrip))
        line("stripe-sim's own time", samples.map(\.simulator))
        line("overhead (round trip − sim)", samples.map(\.overhead))
        line("broker: publish → deliver, quorum", floor.quorum)
        line("broker: publish → deliver, classic", floor.classic)
        line("postgres: one-row commit", commits)
        // The same p50s the lines above print.
        func p50(_ values: [Int]) -> Int { Self.quantile(values.sorted(), 0.5) ?? 0 }
        let budget = p50(floor.quorum) + p50(floor.classic) + 2 * p50(commits) + 1000
        let overhead = p50(samples.map(\.overhead))
        print(
            String(
                format: "budget (2 broker hops + 2 commits + 1 ms) p50 %7.2f ms  overhead p50 %7.2f ms  remainder %+7.2f ms",
                Double(budget) / 1000, Double(overhead) / 1000, Double(overhead - budget) / 1000))
        if let metricsBefore, let metricsAfter {
            let split = OverheadSplit(
                before: metricsBefore, after: metricsAfter, commands: samples.count,
                roundTrip: samples.map(\.roundTrip), simulator: samples.map(\.simulator),
                hops: [floor.quorum, floor.classic], commit: commits)
            for line in split.lines { print(line) }
        }
        return failures == 0 && missing == 0 ? 0 : 1
    }

    /// What the broker alone costs a command: publish → delivery, in microseconds, on a
    /// quorum queue (as every command queue is) and on a classic one (as the reply queue
    /// is), 200 messages each, one at a time, same connections' kind as the commands. The
    /// overhead's floor without any service in the path.
    private func brokerFloor(_ url: AMQPURL, suffix: some StringProtocol) throws -> (quorum: [Int], classic: [Int]) {
        let publisher = try AMQPConnection(url: url, connectionName: "bench.overhead.floor.publish")
        defer { publisher.close() }
        var result: [[Int]] = []
        for (index, spec) in [
            QueueSpec.quorum("bench.overhead_floor_q_\(suffix)"), QueueSpec(name: "bench.overhead_floor_c_\(suffix)", durable: false),
        ].enumerated() {
            let consumer = try AMQPConnection(url: url, connectionName: "bench.overhead.floor.\(index)")
            defer { consumer.close() }
            _ = try consumer.declareQueue(spec)
            defer { _ = try? consumer.deleteQueue(spec.name) }
            try consumer.startConsuming(queue: spec.name, prefetch: 10)
            var micros: [Int] = []
            for n in 0..<200 {
                let envelope = Envelope(
                    messageId: "floor-\(suffix)-\(n)", type: "bench.floor", appId: "bench",
                    headers: MessageHeaders(schemaVersion: 1), body: Array(#"{"n":\#(n)}"#.utf8))
                let sent = ContinuousClock.now
                try publisher.publish(envelope, exchange: Exchanges.default, routingKey: spec.name, mandatory: true)
                guard let delivery = try consumer.nextDelivery(timeout: .seconds(10)) else {
                    throw BenchError("the broker did not deliver to \(spec.name) within 10 s")
                }
                micros.append(Int(((ContinuousClock.now - sent).seconds * 1e6).rounded()))
                try consumer.ack(delivery.deliveryTag, multiple: false)
            }
            result.append(micros)
        }
        return (result[0], result[1])
    }

    /// One Postgres commit, in microseconds: 200 one-row `INSERT`s in autocommit (each its own
    /// transaction: a round trip and the WAL flush at `COMMIT`, `synchronous_commit` as the
    /// server has it) into a table made for the run and dropped after it.
    private func commitFloor(suffix: some StringProtocol) throws -> [Int] {
        let db = try PGConnection(url: options.databaseURL, applicationName: "bench.overhead.commit")
        let table = "bench_commit_\(suffix)"
        try db.execute("CREATE TABLE \(table) (id int8 PRIMARY KEY, body text NOT NULL)")
        defer { _ = try? db.execute("DROP TABLE IF EXISTS \(table)") }
        var micros: [Int] = []
        for n in 0..<200 {
            let started = ContinuousClock.now
            try db.execute("INSERT INTO \(table) (id, body) VALUES ($1, $2)", [.int(Int64(n)), .text("commit \(n)")])
            micros.append(Int(((ContinuousClock.now - started).seconds * 1e6).rounded()))
        }
        return micros
    }

    /// The nearest-rank `q` quantile (0…1) of `sorted` (ascending), in its unit; `nil` for none.
    private static func quantile(_ sorted: [Int], _ q: Double) -> Int? {
        guard !sorted.isEmpty else { return nil }
        return sorted[max(0, min(sorted.count - 1, Int((Double(sorted.count) * q).rounded(.up)) - 1))]
    }

    /// The body of an HTTP GET of `url`. Foundation on Linux reads no http URL without
    /// FoundationNetworking, so curl does.
    /// - Throws: ``BenchError`` when curl fails (a connection refused, an HTTP error status).
    private static func get(_ url: String) throws -> Data {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-fsS", url]
        let pipe = Pipe()
        curl.standardOutput = pipe
        try curl.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        guard curl.terminationStatus == 0 else { throw BenchError("curl \(url) failed") }
        return data
    }

    /// Microseconds the simulator spent per command (by the message id in its
    /// `Idempotency-Key`, `<message_id>:<step>`), from its request log since `since`.
    private func simulatorMicros(_ base: String, since: Double) throws -> [String: Int] {
        let data = try Self.get(base + "/sim/requests?since=\(since)&limit=100000")
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let entries = object["data"] as? [[String: Any]]
        else {
            throw BenchError("unexpected /sim/requests answer")
        }
        var micros: [String: Int] = [:]
        for entry in entries {
            guard let key = entry["idempotency_key"] as? String, let colon = key.lastIndex(of: ":"),
                let duration = entry["duration_us"] as? Int
            else { continue }
            micros[String(key[..<colon]), default: 0] += duration
        }
        return micros
    }
}
