import Bus
import Foundation
import Messages
import PaymentsService
import Runtime
import Store
import StripeSimCore
import Testing
import TestKit

extension PaymentsIntegrationTests {
    @Suite("Disputes")
    struct Disputes {
        /// A paid order on a new seller whose losses the platform carries (`onboarding.account.created`
        /// with `losses_payments`), paid in the app with `card`; the dispute the simulator opened.
        private func disputedOrder(
            _ bed: PaymentsTestBed, card: String, lossesPayments: String? = "application"
        ) async throws -> (account: String, order: String, paymentIntent: String, dispute: String) {
            let account = try await bed.connectedAccount()
            if let lossesPayments {
                let created = AccountCreated(
                    account: account, sellerReference: IntegrationEnvironment.uniqueName("seller"), country: "US", type: .express,
                    occurredAt: Int(Date().timeIntervalSince1970), lossesPayments: lossesPayments)
                try await bed.publish(
                    [try Envelope.make(created, appId: "onboarding", stripeAccount: account)], routingKey: AccountCreated.messageName)
                let schema = bed.schema
                let known = try await eventually {
                    try bed.awaitValue("SELECT losses_payments AS v FROM \(schema).account_charges WHERE account = $1", account) != nil
                }
                #expect(known)
            }
            let order = PaymentsTestBed.orderReference()
            let intent = try unwrap(
                try await bed.send(
                    CreatePaymentIntent(account: account, orderReference: order, amount: 1999, currency: "usd", applicationFeeAmount: 200)))
            let confirmed = bed.stripe("POST", "/v1/payment_intents/\(intent.paymentIntent)/confirm", [("payment_method", card)], account: account)
            #expect(confirmed.json["status"] as? String == "succeeded")
            try await bed.deliverEvents(account: account, objects: [intent.paymentIntent])
            #expect(try await bed.order(account, order, "state") == "paid")
            let sim = bed.sim
            let pi = intent.paymentIntent
            let opened = try await eventually { sim.objects(type: "dispute").contains { $0["payment_intent"]?.stringValue == pi } }
            #expect(opened)
            let dispute = sim.objects(type: "dispute").first { $0["payment_intent"]?.stringValue == pi }?["id"]?.stringValue ?? ""
            return (account, order, pi, dispute)
        }

        private func dispute(_ bed: PaymentsTestBed, _ id: String, _ column: String) async throws -> String? {
            try await bed.value("SELECT \(column)::text AS v FROM \(bed.schema).disputes WHERE dispute = $1", [.text(id)], column: "v")
        }

        @Test("a new dispute's first events handled at once by several workers: opened and e-mailed once")
        func firstEventsAtOnce() async throws {
            try await PaymentsTestBed.run(workers: 4) { bed in
                let account = try await bed.connectedAccount()
                var disputes: [(order: String, events: [Envelope])] = []
                for _ in 0..<6 {
                    let order = PaymentsTestBed.orderReference()
                    let paid = try unwrap(
                        try await bed.send(
                            ConfirmPayment(
                                account: account, orderReference: order, amount: 2000, currency: "usd",
                                paymentMethod: "pm_card_createDispute", applicationFeeAmount: 200)))
                    let sim = bed.sim
                    let pi = paid.paymentIntent
                    #expect(try await eventually { sim.objects(type: "dispute").contains { $0["payment_intent"]?.stringValue == pi } })
                    let id = try #require(sim.objects(type: "dispute").first { $0["payment_intent"]?.stringValue == pi }?["id"]?.stringValue)
                    disputes.append((order, bed.stripeEvents(account: account, objects: [id])))
                }
                // `charge.dispute.created` and `.funds_withdrawn` of each dispute published together:
                // the workers take them side by side.
                let all = disputes.flatMap(\.events)
                #expect(all.count == 12)
                try await bed.publish(all)
                try await bed.settle(all)
                for (order, _) in disputes {
                    #expect(try await bed.published(DisputeOpened.messageName, order: order).count == 1, "\(order)")
                    #expect(try await bed.published(OrderDisputed.messageName, order: order).count == 1, "\(order)")
                }
            }
        }

        @Test("a fraudulent dispute: opened once with its order, a draft, submitted winning evidence, won on the simulator's clock")
        func wonWithEvidence() async throws {
            try await PaymentsTestBed.run { bed in
                let (account, order, pi, id) = try await disputedOrder(bed, card: "pm_card_createDispute")
                let events = try await bed.deliverEvents(account: account, objects: [id])
                #expect(events.map(\.type) == ["stripe.charge.dispute.created", "stripe.charge.dispute.funds_withdrawn"])
                let opened = try await bed.published(DisputeOpened.messageName, order: order)
                #expect(opened.count == 1)
                let event = try #require(try opened.first?.decode(DisputeOpened.self))
                #expect(event.dispute == id && event.reason == "fraudulent" && event.status == .needsResponse)
                #expect(event.amount == 1999 && event.currency == "usd" && event.paymentIntent == pi)
                #expect(event.platformLiable == true)
                #expect(event.evidenceDueBy == bed.sim.object(id: id)?.value(at: "evidence_details.due_by")?.intValue)
                #expect(try await bed.published(OrderDisputed.messageName, order: order).count == 1)
                #expect(try await dispute(bed, id, "order_reference") == order)
                #expect(try await dispute(bed, id, "funds_withdrawn") == "3499")  // 1999 and Stripe's 1500 dispute fee
                // The same Stripe events again (a redelivery under new message ids) publish nothing new.
                try await bed.deliverEvents(account: account, objects: [id])
                #expect(try await bed.published(DisputeOpened.messageName, order: order).count == 1)

                let draft = try unwrap(
                    try await bed.send(
                        SubmitDisputeEvidence(
                            account: account, dispute: id, evidence: DisputeEvidence(productDescription: "A blue mug"), submit: false)))
                #expect(draft.status == .needsResponse && !draft.submitted && draft.hasEvidence && draft.submissionCount == 0)
                let submitted = try unwrap(
                    try await bed.send(
                        SubmitDisputeEvidence(
                            account: account, dispute: id, evidence: DisputeEvidence(uncategorizedText: "winning_evidence"), submit: true)))
                #expect(submitted.status == .underReview && submitted.submitted && submitted.submissionCount == 1)
                #expect(submitted.orderReference == order)
                let updates = bed.requests("POST", "/v1/disputes/\(id)")
                #expect(updates.count == 2)
                #expect(updates.last?.account == account)
                #expect(updates.last?.idempotencyKey?.hasSuffix(":submit_dispute_evidence") == true)
                #expect(updates.last?.params["evidence"]?["uncategorized_text"]?.stringValue == "winning_evidence")
                #expect(updates.last?.params["submit"]?.stringValue == "true")
                // Under review: no more evidence, no acceptance; Stripe is not asked.
                let again = failure(try await bed.send(SubmitDisputeEvidence(account: account, dispute: id, submit: true)))
                #expect(again?.code == ReplyError.Code.disputeNotOpen)
                #expect(failure(try await bed.send(AcceptDispute(account: account, dispute: id)))?.code == ReplyError.Code.disputeNotOpen)
                #expect(bed.requests("POST", "/v1/disputes/\(id)").count == 2)

                bed.sim.advanceClock(bySeconds: 61)
                try await bed.waitForSim(id, "status", "won")
                try await bed.deliverEvents(account: account, objects: [id])
                let closed = try await bed.published(DisputeClosed.messageName, order: order)
                #expect(closed.count == 1)
                let decision = try #require(try closed.first?.decode(DisputeClosed.self))
                #expect(decision.outcome == .won && decision.status == .won && decision.platformLiable == true)
                #expect(try await dispute(bed, id, "status") == "won")
                #expect(try await dispute(bed, id, "funds_reinstated") == "1999")
                // Closed: refused, nothing sent to Stripe.
                let late = failure(
                    try await bed.send(
                        SubmitDisputeEvidence(account: account, dispute: id, evidence: DisputeEvidence(customerName: "Jenny Rosen"))))
                #expect(late?.code == ReplyError.Code.disputeNotOpen)
                #expect(bed.requests("POST", "/v1/disputes/\(id)").count == 2)
                #expect(try await bed.order(account, order, "state") == "paid")
            }
        }

        @Test(
            "accepting a dispute closes it as lost once (the closed webhook adds nothing); a seller whose losses Stripe carries is not the platform's"
        )
        func accepted() async throws {
            try await PaymentsTestBed.run { bed in
                let (account, order, _, id) = try await disputedOrder(bed, card: "pm_card_createDisputeProductNotReceived", lossesPayments: "stripe")
                try await bed.deliverEvents(account: account, objects: [id])
                let opened = try #require(try await bed.published(DisputeOpened.messageName, order: order).first)
                #expect(try opened.decode(DisputeOpened.self).platformLiable == false)
                let command = AcceptDispute(account: account, dispute: id)
                let accepted = try unwrap(try await bed.send(command))
                #expect(accepted.status == .lost && accepted.orderReference == order)
                let close = try #require(bed.requests("POST", "/v1/disputes/\(id)/close").first)
                #expect(close.idempotencyKey?.hasSuffix(":accept_dispute") == true)
                try await bed.settle([])
                try await bed.deliverEvents(account: account, objects: [id])
                let closed = try await bed.published(DisputeClosed.messageName, order: order)
                #expect(closed.count == 1)
                #expect(try closed.first?.decode(DisputeClosed.self).outcome == .lost)
                #expect(failure(try await bed.send(command))?.code == ReplyError.Code.disputeNotOpen)
                #expect(bed.requests("POST", "/v1/disputes/\(id)/close").count == 1)
            }
        }

        @Test("evidence due soon: published once, the configured time before due_by, only while the dispute awaits a response")
        func evidenceDueSoon() async throws {
            try await PaymentsTestBed.run { bed in
                let (account, order, _, id) = try await disputedOrder(bed, card: "pm_card_createDisputeInquiry", lossesPayments: nil)
                try await bed.deliverEvents(account: account, objects: [id])
                #expect(try await dispute(bed, id, "status") == "warning_needs_response")
                #expect(try await dispute(bed, id, "platform_liable") == nil)
                let due = try #require(Int(try await dispute(bed, id, "evidence_due_by") ?? ""))
                let scheduler = DisputeReminderScheduler(
                    databaseURL: bed.env.databaseURL, schema: bed.schema, appId: PaymentsService.name, reminderSeconds: 2 * 86_400,
                    log: bed.host.log)
                let url = bed.env.databaseURL
                let counts = try await onThread { () -> [Int] in
                    let db = try PGConnection(url: url, applicationName: "payments-tests")
                    return [
                        try scheduler.publishDue(now: due - 3 * 86_400, on: db),  // three days before: not yet
                        try scheduler.publishDue(now: due - 86_400, on: db),  // a day before: once
                        try scheduler.publishDue(now: due - 3_600, on: db),  // and never again
                    ]
                }
                #expect(counts == [0, 1, 0])
                try await bed.settle([])
                let reminders = try await bed.published(DisputeEvidenceDueSoon.messageName, order: order)
                #expect(reminders.count == 1)
                let reminder = try #require(try reminders.first?.decode(DisputeEvidenceDueSoon.self))
                #expect(reminder.dispute == id && reminder.evidenceDueBy == due && reminder.status == .warningNeedsResponse)
                #expect(reminders.first?.headers.stripeAccount == account)
            }
        }

        @Test("bad input: an unknown dispute is not_found; a dispute event for a charge no order has is retried (then parked), nothing written")
        func badInput() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let unknown = failure(try await bed.send(AcceptDispute(account: account, dispute: "dp_unknown")))
                #expect(unknown?.code == ReplyError.Code.disputeNotFound)
                #expect(bed.requests("POST", "/v1/disputes").isEmpty)
                // A payment made outside the service (no order), then disputed.
                let pi = bed.stripe(
                    "POST", "/v1/payment_intents",
                    [("amount", "1500"), ("currency", "usd"), ("payment_method", "pm_card_createDispute"), ("confirm", "true")],
                    account: account)
                let piId = try #require(pi.id)
                let sim = bed.sim
                #expect(try await eventually { sim.objects(type: "dispute").contains { $0["payment_intent"]?.stringValue == piId } })
                let id = sim.objects(type: "dispute").first { $0["payment_intent"]?.stringValue == piId }?["id"]?.stringValue ?? ""
                let events = bed.stripeEvents(account: account, objects: [id])
                // Taken off the first delay queue (so the test does not wait for the ladder's
                // 71 s and the dead-letter queue): each copy says why it was retried.
                let url = bed.env.amqpURL
                let retried = try await onThread { () -> [String] in
                    let connection = try AMQPConnection(url: try AMQPURL(url), connectionName: "payments-tests-retry")
                    defer { connection.close() }
                    try connection.startConsuming(queue: PaymentsService.eventsQueue + ".retry.1", prefetch: 10)
                    // Published once the consumer is in place, so no copy can pass the delay unseen.
                    let publisher = try AMQPConnection(url: try AMQPURL(url), connectionName: "payments-tests-publisher")
                    defer { publisher.close() }
                    try publisher.enableConfirms()
                    for envelope in events {
                        try publisher.publish(envelope, exchange: Exchanges.events, routingKey: envelope.type, mandatory: false)
                    }
                    try publisher.waitForConfirms(timeout: .seconds(10))
                    var failures: [String] = []
                    let deadline = ContinuousClock.now + .seconds(20)
                    while ContinuousClock.now < deadline, failures.count < events.count {
                        guard let delivery = try connection.nextDelivery(timeout: .milliseconds(200)) else { continue }
                        try connection.ack(delivery.deliveryTag, multiple: false)
                        if String(decoding: delivery.envelope.body, as: UTF8.self).contains(id) {
                            failures.append(delivery.envelope.headers.extra["x-failures"] ?? "")
                        }
                    }
                    return failures
                }
                #expect(retried.count == events.count)
                #expect(retried.allSatisfy { $0.contains(ReplyError.Code.orderNotFound) })
                #expect(try await dispute(bed, id, "dispute") == nil)
            }
        }
    }
}
