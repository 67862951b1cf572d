import Store
import Bus
import Foundation
import HTTPServer
import Messages
import NotificationsService
import Runtime
import StripeSimCore
import Testing
import TestKit

/// Buyer e-mails go to the buyer only: the order's `customer_email`, else what Stripe knows
/// of its PaymentIntent, else nothing (`notifications.email.skipped`) — never the seller,
/// whose address the service knows. Against RabbitMQ, Postgres, an in-process stripe-sim
/// and a real SMTP server.
@Suite("Buyer recipients (integration)", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct BuyerRecipientIntegrationTests {
    /// Calls the simulator in-process as over HTTP; returns the answer's JSON object.
    static func stripe(
        _ sim: StripeSimulator, _ path: String, _ params: [(String, String)],
        account: String? = nil
    ) throws -> [String: Any] {
        var headers = [
            "authorization": "Bearer \(NotificationsTestBed.apiKey)",
            "content-type": "application/x-www-form-urlencoded", "idempotency-key": UUID().uuidString,
        ]
        if let account { headers["stripe-account"] = account }
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = params.map { name, value in
            (name.addingPercentEncoding(withAllowedCharacters: allowed) ?? "") + "="
                + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        }.joined(separator: "&")
        let response = sim.handle(HTTPRequest(method: "POST", path: path, headers: headers, body: Array(body.utf8)))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(response.status == 200, "\(path): \(json)")
        return json
    }

    static func id(_ json: [String: Any]) throws -> String { try #require(json["id"] as? String) }

    /// Runs `body` with an in-process stripe-sim, an SMTP sink, a bed watching
    /// `notifications.email.#` that asks the simulator for buyers' addresses, and a new
    /// connected account on the simulator.
    static func withSimulator(
        _ body: (StripeSimulator, SMTPSink, NotificationsTestBed, String) async throws -> Void
    ) async throws {
        let sim = StripeSimulator()
        _ = try sim.start(port: 0)
        defer { sim.stop() }
        try await EmailIntegrationTests.withSink { sink, smtp in
            try await NotificationsTestBed.run(
                patterns: ["notifications.email.#"], smtp: smtp,
                stripeAPIBase: sim.baseURL
            ) { bed in
                let account = try Self.id(try Self.stripe(sim, "/v1/accounts", [("type", "express"), ("country", "US")]))
                try await body(sim, sink, bed, account)
            }
        }
    }

    @Test("with no address anywhere nothing is sent — not to the seller — and notifications.email.skipped says no_recipient")
    func noRecipient() async throws {
        try await Self.withSimulator { sim, sink, bed, account in
            // The seller's address is known to the service (as after onboarding).
            let created = try Envelope.make(
                AccountCreated(
                    account: account, sellerReference: "seller-\(account)",
                    country: "US", email: "owner@seller.example", occurredAt: 1),
                appId: "onboarding", stripeAccount: account)
            try await onThread { try EmailIntegrationTests.publish(created, url: bed.env.amqpURL) }
            #expect(
                try await eventually {
                    try bed.count("SELECT count(*) AS n FROM $schema.recipients WHERE account = $1", [.text(account)]) == 1
                })
            let order = "b11-\(UInt32.random(in: 0...UInt32.max))"
            let pi = try Self.id(
                try Self.stripe(
                    sim, "/v1/payment_intents",
                    [
                        ("amount", "1700"), ("currency", "usd"), ("allowed_payment_method_types[]", "card"),
                        ("metadata[order_reference]", order),
                    ], account: account))
            let failed = try Envelope.make(
                OrderPaymentFailed(
                    account: account, orderReference: order, amount: 1700,
                    currency: "usd", paymentIntent: pi,
                    failureMessage: "Your card was declined.", occurredAt: 2, buyerMustAct: true),
                appId: "payments", stripeAccount: account)
            let paid = try Envelope.make(
                OrderPaid(
                    account: account, orderReference: order, amount: 1700, currency: "usd",
                    paymentIntent: pi, occurredAt: 3),
                appId: "payments", stripeAccount: account)
            try await onThread {
                try EmailIntegrationTests.publish(failed, url: bed.env.amqpURL)
                try EmailIntegrationTests.publish(paid, url: bed.env.amqpURL)
            }
            let skipped = try await onThread {
                // this test's skips only: a bed may consume e-mail events an earlier test left queued
                try bed.monitor.wait(count: 2) {
                    $0.type == EmailSkipped.messageName && (try? $0.decode(EmailSkipped.self))?.orderReference == order
                }
            }
            let events = try skipped.map { try $0.decode(EmailSkipped.self) }
            #expect(Set(events.map(\.template)) == [.paymentFailed, .orderConfirmation])
            #expect(events.allSatisfy { $0.reason == .noRecipient && $0.account == account && $0.orderReference == order })
            #expect(Set(skipped.compactMap(\.headers.causationId)) == [failed.messageId, paid.messageId])
            #expect(Set(events.map(\.sourceMessageId)) == [failed.messageId, paid.messageId])
            // Scoped to this test's account: a bed may also consume e-mail events an earlier test left queued.
            #expect(sink.messages().filter { $0.contains(order) || $0.contains("owner@seller.example") }.isEmpty)
            #expect(
                try await onThread { try bed.monitor.all() }.filter {
                    $0.type == EmailSent.messageName && $0.headers.stripeAccount == account
                }.isEmpty)
            #expect(try bed.count("SELECT count(*) AS n FROM $schema.emails WHERE account = $1", [.text(account)]) == 0)
        }
    }

    @Test("without customer_email the buyer's address comes from Stripe: receipt_email, else the Customer's, else the charge's billing e-mail")
    func addressFromStripe() async throws {
        try await Self.withSimulator { sim, sink, bed, account in
            let base = [("amount", "1700"), ("currency", "usd"), ("allowed_payment_method_types[]", "card")]
            let customer = try Self.id(
                try Self.stripe(
                    sim, "/v1/customers", [("email", "customer@buyer.example")],
                    account: account))
            let method = try Self.id(
                try Self.stripe(
                    sim, "/v1/payment_methods",
                    [
                        ("type", "card"), ("card[token]", "tok_visa"), ("billing_details[email]", "billing@buyer.example"),
                    ],
                    account: account))
            let byReceipt = try Self.id(
                try Self.stripe(
                    sim, "/v1/payment_intents",
                    base + [("receipt_email", "receipt@buyer.example"), ("customer", customer)], account: account))
            let byCustomer = try Self.id(
                try Self.stripe(
                    sim, "/v1/payment_intents", base + [("customer", customer)],
                    account: account))
            let byCharge = try Self.id(
                try Self.stripe(
                    sim, "/v1/payment_intents",
                    base + [("payment_method", method), ("confirm", "true")], account: account))
            let cases: [(pi: String, given: String?, expected: String)] = [
                (byReceipt, nil, "receipt@buyer.example"),
                (byCustomer, nil, "customer@buyer.example"),
                (byCharge, nil, "billing@buyer.example"),
                (byReceipt, "order@buyer.example", "order@buyer.example"),  // the order's own address first
            ]
            var envelopes: [(Envelope, String)] = []
            for (index, item) in cases.enumerated() {
                let event = OrderPaymentFailed(
                    account: account, orderReference: "ord-\(index)-\(account)", amount: 1700,
                    currency: "usd", paymentIntent: item.pi, customerEmail: item.given,
                    occurredAt: 10 + index, buyerMustAct: true)
                envelopes.append((try Envelope.make(event, appId: "payments", stripeAccount: account), item.expected))
            }
            let all = envelopes
            try await onThread {
                for (envelope, _) in all { try EmailIntegrationTests.publish(envelope, url: bed.env.amqpURL) }
            }
            let sent = try await onThread {
                try bed.monitor.wait(count: all.count) { $0.type == EmailSent.messageName }
            }
            // One e-mail event per cause: a copy published twice is a failure, not a crash of the test process.
            let byCause = Dictionary(
                try sent.map { ($0.headers.causationId ?? "", [try $0.decode(EmailSent.self)]) }, uniquingKeysWith: +)
            #expect(byCause.values.allSatisfy { $0.count == 1 }, "an e-mail event was published twice")
            for (envelope, expected) in all {
                #expect(byCause[envelope.messageId]?.first?.recipient == expected, "\(expected)")
            }
            // Only the e-mails to this test's buyers: a bed may also consume e-mail events an earlier test left queued.
            let mails = sink.messages().filter { mail in all.contains { mail.contains("X-Envelope-To: \($0.1)\r\n") } }
            #expect(mails.count == all.count)
            for (_, expected) in all {
                #expect(mails.contains { $0.contains("X-Envelope-To: \(expected)\r\n") }, "\(expected)")
            }
        }
    }

    @Test("Stripe failing while the buyer's address is looked up: the e-mail is retried and sent once Stripe answers, once")
    func lookupRetriedThroughAnOutage() async throws {
        try await Self.withSimulator { sim, sink, bed, account in
            let pi = try Self.id(
                try Self.stripe(
                    sim, "/v1/payment_intents",
                    [
                        ("amount", "900"), ("currency", "usd"), ("allowed_payment_method_types[]", "card"),
                        ("receipt_email", "outage@buyer.example"),
                    ], account: account))
            sim.faults = FaultSettings(failRate: 1.0)
            let event = OrderPaymentFailed(
                account: account, orderReference: "ord-outage-\(account)", amount: 900, currency: "usd", paymentIntent: pi,
                occurredAt: 10, buyerMustAct: true)
            let envelope = try Envelope.make(event, appId: "payments", stripeAccount: account)
            try await onThread { try EmailIntegrationTests.publish(envelope, url: bed.env.amqpURL) }
            let failed = try await eventually { sim.requestLog.contains { $0.path == "/v1/payment_intents/\(pi)" && $0.fault == "500" } }
            #expect(failed)
            sim.faults = FaultSettings()
            let sent = try await onThread {
                try bed.monitor.wait(count: 1, timeout: .seconds(60)) {
                    $0.type == EmailSent.messageName && $0.headers.causationId == envelope.messageId
                }
            }
            #expect(try sent.first?.decode(EmailSent.self).recipient == "outage@buyer.example")
            #expect(sink.messages().filter { $0.contains("X-Envelope-To: outage@buyer.example\r\n") }.count == 1)
        }
    }
}
