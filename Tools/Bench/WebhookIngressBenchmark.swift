import Bus
import Foundation
import Store
import StripeAPI

/// The webhook ingress benchmark's two steps around a load generator (scripts/bench-webhooks.sh):
///
/// - `connectbus-bench webhooks-prepare <file> <count> <secret>`: writes `count` signed
///   Stripe events of about 2 KiB, each with a unique id and type `bench.r<run>.webhook`,
///   one per line as `<Stripe-Signature>\t<body>`, declares a monitor queue
///   `bench.webhooks.<run>` bound to `stripe.bench.r<run>.#`, and prints the run id.
/// - `connectbus-bench webhooks-verify <run> <count> [schema]`: waits (up to 120 s) until
///   every event of the run is stored in `<schema>.stripe_events` (default `notifications`)
///   and has reached the monitor queue, prints the rate (events over the span of their
///   `received_at`), then deletes the monitor queue. Exit 1 when something is missing.
enum WebhookIngressBenchmark {
    /// Runs the subcommand named by `arguments[1]`, or returns `nil` when it is not one of these.
    static func runIfRequested(_ arguments: [String], _ options: BenchOptions) -> Int32? {
        let args = Array(arguments.dropFirst())
        do {
            switch args.first {
            case "webhooks-prepare" where args.count == 4:
                guard let count = Int(args[2]) else { return usage() }
                print(try prepare(file: args[1], count: count, secret: args[3], options))
                return 0
            case "webhooks-verify" where args.count >= 3:
                guard let count = Int(args[2]) else { return usage() }
                return try verify(run: args[1], count: count, schema: args.count > 3 ? args[3] : "notifications", options)
            case "webhooks-prepare", "webhooks-verify":
                return usage()
            default:
                return nil
            }
        } catch {
            FileHandle.standardError.write(Data("connectbus-bench: \(error)\n".utf8))
            return 1
        }
    }

    private static func usage() -> Int32 {
        FileHandle.standardError.write(
            Data(
                """
                usage: connectbus-bench webhooks-prepare <file> <count> <secret>
                       connectbus-bench webhooks-verify <run> <count> [schema]\n
                """.utf8))
        return 2
    }

    private static func monitorQueue(_ run: String) -> String { "bench.webhooks.\(run)" }

    static func prepare(file: String, count: Int, secret: String, _ options: BenchOptions) throws -> String {
        let run = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let connection = try AMQPConnection(url: try AMQPURL(options.amqpURL), connectionName: "bench.webhooks")
        defer { connection.close() }
        try connection.declare(
            Topology.exchanges.merged(
                with: Topology(
                    queues: [QueueSpec(name: monitorQueue(run))],
                    bindings: [
                        BindingSpec(
                            queue: monitorQueue(run), exchange: Exchanges.events,
                            pattern: "stripe.bench.r\(run).#")
                    ])))
        let timestamp = Int(Date().timeIntervalSince1970)
        let padding = String(repeating: "x", count: 1560)
        var out = Data()
        out.reserveCapacity(count * 2200)
        for index in 0..<count {
            let body = """
                {"id":"evt_bench_\(run)_\(index)","object":"event","api_version":"2025-03-31.basil",\
                "created":\(timestamp),"type":"bench.r\(run).webhook","account":"acct_bench\(index % 100)",\
                "livemode":false,"pending_webhooks":1,"request":{"id":null,"idempotency_key":null},\
                "data":{"object":{"id":"cs_bench_\(run)_\(index)","object":"checkout.session","amount_total":1250,\
                "currency":"eur","payment_status":"paid","status":"complete","metadata":{"padding":"\(padding)"}}}}
                """
            let bytes = Array(body.utf8)
            out.append(contentsOf: Array(WebhookSignature.sign(payload: bytes, secret: secret, timestamp: timestamp).utf8))
            out.append(0x09)
            out.append(contentsOf: bytes)
            out.append(0x0A)
        }
        try out.write(to: URL(fileURLWithPath: file))
        return run
    }

    static func verify(run: String, count: Int, schema: String, _ options: BenchOptions) throws -> Int32 {
        let db = try PGConnection(url: options.databaseURL, applicationName: "bench.webhooks")
        let table = try SQLIdentifier(schema).quoted + ".stripe_events"
        let connection = try AMQPConnection(url: try AMQPURL(options.amqpURL), connectionName: "bench.webhooks")
        defer {
            _ = try? connection.deleteQueue(monitorQueue(run))
            connection.close()
        }
        let deadline = ContinuousClock.now + .seconds(120)
        var stored = 0, published = 0
        var span = 0.0
        repeat {
            let rows = try db.query(
                """
                SELECT count(*) AS n, COALESCE(EXTRACT(EPOCH FROM max(received_at) - min(received_at)), 0)::float8 AS span
                FROM \(table) WHERE event_id LIKE $1
                """, [.text("evt_bench_\(run)_%")]
            ) { row in (Int(try row.int("n")), try row.double("span")) }
            stored = rows.first?.0 ?? 0
            span = rows.first?.1 ?? 0
            published = try connection.queueStatus(monitorQueue(run)).messages
            if stored >= count && published >= stored { break }
            Thread.sleep(forTimeInterval: 0.5)
        } while ContinuousClock.now < deadline
        print("stored \(stored) of \(count) events, published \(published)")
        if span > 0 {
            print(
                String(
                    format: "ingress rate: %.0f events/s (%d events stored within %.2f s)",
                    Double(stored) / span, stored, span))
        }
        try db.execute("DELETE FROM \(table) WHERE event_id LIKE $1", [.text("evt_bench_\(run)_%")])
        return stored == count && published == count ? 0 : 1
    }
}
