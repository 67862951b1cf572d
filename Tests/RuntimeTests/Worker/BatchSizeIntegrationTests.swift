import Bus
import Foundation
import Messages
import Runtime
import Store
import Synchronization
import Testing
import TestKit

/// `BATCH_SIZE` below `PREFETCH`: the worker holds more deliveries than it puts in one
/// transaction, and no transaction takes more than the batch size.
@Suite("Batch size (integration)", .enabled(if: IntegrationEnvironment.isEnabled))
struct BatchSizeIntegrationTests {
    /// Transaction ids seen by the handler, per message.
    final class Transactions: Sendable {
        private let ids = Mutex<[String: Int64]>([:])
        func record(_ messageId: String, _ transaction: Int64) { ids.withLock { $0[messageId] = transaction } }
        var perTransaction: [Int64: Int] { ids.withLock { Dictionary(grouping: $0.values, by: { $0 }).mapValues(\.count) } }
        var count: Int { ids.withLock { $0.count } }
    }

    @Test func aBatchTakesAtMostTheBatchSizeWhateverThePrefetch() async throws {
        try await TestBed.with("batchsize") { bed in
            let seen = Transactions()
            let handler: MessageHandler = { envelope, context in
                let transaction = try context.db.query("SELECT txid_current() AS id") { try $0.int("id") }
                seen.record(envelope.messageId, transaction.first ?? -1)
                return .done
            }
            let route = Route.raw(
                queue: bed.queue, mode: .batched, exchange: Exchanges.commands,
                patterns: [bed.queue], handlers: [bed.queue: handler])
            var config = ServiceConfig(
                service: "rt-test", amqpURL: bed.env.amqpURL, databaseURL: bed.env.databaseURL,
                workers: 1, prefetch: 40, httpPort: 0, retryDelays: bed.retryDelays,
                logLevel: .warning)
            config.batchSize = 5
            let host = ServiceHost(name: "rt-test", config: config, schema: bed.schema, routes: [route])
            // Fill the queue before the worker consumes, so each take finds 40 deliveries waiting.
            try await bed.start(host)
            try await bed.stop(host)
            let commands = (0..<40).map { bed.command(bed.queue, body: #"{"n": \#($0)}"#) }
            try await onThread {
                try bed.broker.publish(commands, exchange: Exchanges.commands, routingKey: bed.queue)
            }
            let again = ServiceHost(name: "rt-test", config: config, schema: bed.schema, routes: [route])
            try await bed.start(again)
            #expect(try await eventually { seen.count == 40 })
            try await bed.stop(again)
            let sizes = seen.perTransaction.values
            #expect(sizes.allSatisfy { $0 <= 5 }, "batch sizes \(sizes.sorted())")
            #expect(sizes.reduce(0, +) == 40)
            #expect(sizes.count >= 8)
            #expect(try await onThread { try bed.broker.messageCount(bed.queue) } == 0)
        }
    }
}
