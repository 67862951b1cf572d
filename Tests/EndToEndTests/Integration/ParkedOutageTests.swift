import Bus
import Foundation
import HTTPServer
import Messages
import PaymentsService
@testable import Runtime
import Store
import StripeSimCore
import TestKit
import Testing
@testable import ConnectBusCLI

/// A Stripe outage that outlasts the retry ladder (DESIGN §3): `payments.create_product`
/// against a simulator answering every `POST /v1/products` with 500 is retried through the
/// delay queues, then parked in its `.dlq` with its `x-failures` and answered
/// `retryable: true, parked: true` (code `stripe.api`: Stripe sent no code); after the outage `connectbus dlq replay --group …`
/// completes it with the same idempotency key — one product at the simulator — the final
/// reply goes to the command's `reply_to`, and `connectbus trace` shows `parked …` then `done`;
/// the same command sent again afterwards gets that reply replayed without a Stripe call.
/// The payments handler runs on a queue of the test's own, so its delay queues can be short.
@Suite("Parked outage: park, answer, replay (integration)", .enabled(if: IntegrationEnvironment.isEnabled))
struct ParkedOutageTests {
    static let apiKey = "sk_test_parked_outage"

    /// Calls the simulator in-process as over HTTP, with the test's key.
    static func sim(_ sim: StripeSimulator, _ method: String, _ path: String, json: String? = nil, form: String? = nil) -> (Int, [String: Any]) {
        var headers = ["authorization": "Bearer \(apiKey)"]
        if json != nil { headers["content-type"] = "application/json" }
        if form != nil {
            headers["content-type"] = "application/x-www-form-urlencoded"
            headers["idempotency-key"] = UUID().uuidString
        }
        let response = sim.handle(
            HTTPRequest(method: method, path: path, headers: headers, body: Array((json ?? form ?? "").utf8)))
        return (response.status, (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:])
    }

    /// Takes one message from `queue` (acked), waiting up to `timeout`.
    static func take(_ queue: String, timeout: Duration = .seconds(60)) throws -> Delivery? {
        let connection = try BrokerThread.environment.connect("parked-outage-take")
        defer { connection.close() }
        try connection.startConsuming(queue: queue, prefetch: 1)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let delivery = try connection.nextDelivery(timeout: .milliseconds(200)) {
                try connection.ack(delivery.deliveryTag, multiple: false)
                return delivery
            }
        }
        return nil
    }

    @Test func anOutageBeyondTheLadderIsParkedAnsweredAndCompletedByAReplay() async throws {
        let env = try #require(IntegrationEnvironment.current)
        let queue = IntegrationEnvironment.uniqueName("e2e.parked.create_product")
        let replies = queue + ".replies"
        let schema = IntegrationEnvironment.uniqueName("e2e_parked")
        let sim = StripeSimulator()
        try sim.start(port: 0)
        defer { sim.stop() }
        let (_, account) = Self.sim(sim, "POST", "/v1/accounts", form: "type=express&country=US")
        let accountId = try #require(account["id"] as? String)
        let (faultStatus, _) = Self.sim(sim, "POST", "/sim/faults", json: #"{"method":"POST","path":"/v1/products","error_rate":1}"#)
        #expect(faultStatus == 200)

        // The payments service's own create_product handler, on the test's queue.
        let routes = try PaymentsService.routes(schema: schema, settings: PaymentsSettings())
        let product = try #require(routes.first { $0.queue == CreateProduct.messageName })
        let handler = try #require(product.handler(forType: CreateProduct.messageName))
        let route = Route.raw(
            queue: queue, mode: .oneAtATime(rateLimited: true), exchange: Exchanges.commands, patterns: [queue],
            handlers: [CreateProduct.messageName: handler])
        let config = ServiceConfig(
            service: PaymentsService.name, amqpURL: env.amqpURL, databaseURL: env.databaseURL,
            stripeAPIKey: Self.apiKey, stripeAPIBase: sim.baseURL, stripeRequestsPerSecond: 100, workers: 1,
            httpPort: 0, retryDelays: [.milliseconds(100), .milliseconds(100), .milliseconds(200)], relayGrace: .milliseconds(500),
            logLevel: .error)
        let host = ServiceHost(name: "parked-outage", config: config, schema: schema, routes: [route])
        defer {
            BrokerThread.delete(route.topology(retryDelays: config.retryDelays).queues.map(\.name) + [replies, replies + ".again"])
            _ = try? IntegrationSchema.drop(schema, databaseURL: env.databaseURL, applicationName: "parked-outage")
        }
        try await BrokerThread.run { try host.start() }
        var command = try Envelope.make(
            CreateProduct(account: accountId, name: "Poster"), appId: "parked-outage-tests", stripeAccount: accountId,
            replyTo: replies)
        command.correlationId = "corr-" + command.messageId
        let sent = command
        let parkedReply = try await BrokerThread.run { () throws -> Delivery? in
            let connection = try BrokerThread.environment.connect("parked-outage-publish")
            defer { connection.close() }
            _ = try connection.declareQueue(QueueSpec(name: replies))
            try connection.enableConfirms()
            try connection.publish(sent, exchange: Exchanges.commands, routingKey: queue, mandatory: true)
            try connection.waitForConfirms(timeout: .seconds(10))
            return try Self.take(replies)
        }
        let answered = try #require(parkedReply)
        #expect(answered.envelope.correlationId == sent.correlationId)
        let error = try #require(try answered.envelope.decodeReply(to: CreateProduct.self).failure)
        #expect(error.code == "stripe.api")
        #expect(error.retryable)
        #expect(error.parked == true)
        #expect(error.stripe?.type == "api_error")

        // Parked with every attempt's failure.
        let dlqName = RedeliveryPolicy.deadLetterQueue(queue)
        let parked = try await BrokerThread.run { () throws -> [Delivery] in
            try DeadLetterQueue(name: dlqName, environment: BrokerThread.environment).peek(limit: 10)
        }
        #expect(parked.count == 1)
        let envelope = try #require(parked.first?.envelope)
        #expect(envelope.messageId == sent.messageId)
        #expect(FailureHistory.records(envelope.headers.extra[MessageHeaders.Key.failures]).map(\.attempt) == [0, 1, 2, 3])
        #expect(sim.count(objectType: "product") == 0)

        // The outage ends; the operator replays the failure group.
        _ = Self.sim(sim, "DELETE", "/sim/faults")
        let group = ParkedMessage(dlq: dlqName, envelope: envelope).fingerprint.id
        let status = try await BrokerThread.run { () throws -> Int32 in
            try DLQVerb.run(
                ParsedArguments(["replay", dlqName, "--group", group], verb: "dlq", options: DLQVerb.options, flags: DLQVerb.flags),
                environment: BrokerThread.environment)
        }
        #expect(status == 0)
        let finalReply = try #require(try await BrokerThread.run { try Self.take(replies) })
        #expect(finalReply.envelope.correlationId == sent.correlationId)
        let result = try #require(try finalReply.envelope.decodeReply(to: CreateProduct.self).result)
        #expect(result.product.hasPrefix("prod_"))
        #expect(sim.count(objectType: "product") == 1)
        let keys = Set(sim.requestLog.filter { $0.method == "POST" && $0.path == "/v1/products" }.compactMap(\.idempotencyKey))
        #expect(keys == ["\(sent.messageId):create_product"])

        // The platform, having lost that reply, sends the command again with the same
        // message_id and a new reply queue: the stored reply, no Stripe call.
        let calls = sim.requestLog.count
        var again = sent
        again.replyTo = replies + ".again"
        let retry = again
        let replayed = try await BrokerThread.run { () throws -> Delivery? in
            let connection = try BrokerThread.environment.connect("parked-outage-retry")
            defer { connection.close() }
            _ = try connection.declareQueue(QueueSpec(name: retry.replyTo ?? ""))
            try connection.enableConfirms()
            try connection.publish(retry, exchange: Exchanges.commands, routingKey: queue, mandatory: true)
            try connection.waitForConfirms(timeout: .seconds(10))
            return try Self.take(retry.replyTo ?? "")
        }
        let copy = try #require(replayed)
        #expect(copy.envelope.body == finalReply.envelope.body)
        #expect(copy.envelope.headers.extra[MessageHeaders.Key.replayed] == "true")
        #expect(sim.requestLog.count == calls)
        try await BrokerThread.run { host.shutdown() }

        // The trace tells the story: parked, then done.
        let lines = try await BrokerThread.run { () throws -> [String] in
            let db = try PGConnection(url: env.databaseURL, applicationName: "parked-outage-trace")
            return try TraceGatherer(db: db, environment: BrokerThread.environment)
                .gather(sent.messageId, history: false, idle: .milliseconds(100)).map(\.text)
        }
        // Every failed delivery has its line, equal ones included (three alike before the park).
        #expect(lines.filter { $0.hasSuffix(": stripe.api") }.count == 3, "\(lines)")
        let parkedAt = lines.firstIndex { $0.hasSuffix(": parked stripe.api") }
        let doneAt = lines.lastIndex { $0.hasSuffix(": done") }
        #expect(parkedAt != nil && doneAt != nil && (parkedAt ?? 0) < (doneAt ?? 0), "\(lines)")
    }
}
