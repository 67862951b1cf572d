import StripeSimCore
import Foundation
import Messages
import Runtime
import Testing
import TestKit
@testable import TerminalGateway

extension TerminalIntegrationTests {
    /// `terminal.reconcile`, by command and on its schedule.
    @Suite("Terminal reconciliation")
    struct ReconciliationTests {
        @Test func capturesTheCompletedOrderCancelsThePlatformsAbandonedAndPaidOtherwiseAndKeepsTheRestWithinGrace() async throws {
            try await TerminalTestBed.run { bed in
                let reader = try await bed.reader()
                let completed = TerminalTestBed.order(), abandoned = TerminalTestBed.order(), cash = TerminalTestBed.order()
                let unspoken = TerminalTestBed.order()
                let piCompleted = try await bed.authorized(amount: 1200, reader: reader, order: completed)
                let piAbandoned = try await bed.authorized(amount: 1300, reader: reader, order: abandoned)
                let piCash = try await bed.authorized(amount: 1400, reader: reader, order: cash)
                let piUnspoken = try await bed.authorized(amount: 1500, reader: reader, order: unspoken)
                let gaveUp = try TerminalTestBed.value(try await bed.send(AbandonOrder(orderReference: abandoned)), "abandon")
                #expect(gaveUp.abandoned == true)
                #expect(gaveUp.paymentIntent == piAbandoned)
                let done = try TerminalTestBed.value(try await bed.send(CompleteOrder(orderReference: completed)), "complete")
                #expect(done.completed)
                #expect(done.paymentIntent == piCompleted)
                let paid = try TerminalTestBed.value(
                    try await bed.send(MarkPaidOtherwise(orderReference: cash, method: "cash")),
                    "paid otherwise")
                #expect(paid.paidOtherwise)

                let dry = try TerminalTestBed.value(try await bed.send(Reconcile(dryRun: true)), "dry run")
                #expect(dry.captured == 1 && dry.canceled == 2 && dry.left == 1)
                #expect(bed.requests("POST", "/v1/payment_intents/\(piCompleted)/capture").isEmpty)

                let result = try TerminalTestBed.value(try await bed.send(Reconcile()), "reconcile")
                #expect(result.captured == 1)
                #expect(result.canceled == 2)
                #expect(result.left == 1)
                let actions = Dictionary(uniqueKeysWithValues: result.payments.map { ($0.paymentIntent, $0.action) })
                #expect(actions == [piCompleted: .captured, piAbandoned: .canceled, piCash: .canceled, piUnspoken: .left])
                // Nobody spoke for this one: kept until the end of its day (at least an hour).
                #expect(result.payments.first { $0.paymentIntent == piUnspoken }?.reason.hasPrefix("within grace until ") == true)
                #expect(try bed.payment(piUnspoken)?.state == .requiresCapture)
                #expect(bed.requests("POST", "/v1/payment_intents/\(piUnspoken)/cancel").isEmpty)
                // The completed order cannot be abandoned afterwards.
                #expect(try await bed.send(AbandonOrder(orderReference: completed)).failure?.code == ReplyError.Code.invalidState)
                #expect(bed.sim.object(id: piCompleted)?["status"]?.stringValue == "succeeded")
                #expect(bed.sim.object(id: piAbandoned)?["status"]?.stringValue == "canceled")
                #expect(bed.sim.object(id: piCash)?["status"]?.stringValue == "canceled")
                #expect(try bed.payment(piCompleted)?.state == .captured)
                // The run's capture is recorded with its key: a capture command that comes
                // later is refused from the record, without a request to Stripe.
                #expect(try bed.payment(piCompleted)?.captureKey?.hasSuffix(":capture:\(piCompleted)") == true)
                let late = try await bed.send(CapturePayment(paymentIntent: piCompleted))
                #expect(late.failure?.code == ReplyError.Code.alreadyCaptured)
                #expect(bed.requests("POST", "/v1/payment_intents/\(piCompleted)/capture").count == 1)
                #expect(try bed.payment(piAbandoned)?.state == .canceled)
                #expect(try await bed.wait(TerminalPaymentCaptured.self, piCompleted).count == 1)
                #expect(try await bed.wait(TerminalPaymentCanceled.self, piCash).first?.cancellationReason == "abandoned")

                let monitor = bed.monitor
                let completedEvents = try await onThread {
                    try monitor.wait(for: ReconciliationCompleted.self) { $0.trigger == "command" }
                }
                #expect(completedEvents.first.map { [$0.captured, $0.canceled, $0.left] } == [1, 2, 1])
                // The report lists each decision.
                let report = Dictionary(uniqueKeysWithValues: (completedEvents.first?.payments ?? []).map { ($0.paymentIntent, $0.action) })
                #expect(report == actions)

                // Only the one within grace is left: a second run does nothing at Stripe.
                let second = try TerminalTestBed.value(try await bed.send(Reconcile()), "second reconcile")
                #expect(second.captured == 0 && second.canceled == 0 && second.payments.map(\.paymentIntent) == [piUnspoken])
                #expect(bed.performed("POST", "/v1/payment_intents/\(piCompleted)/capture") == 1)
            }
        }

        @Test func theScheduleSendsAReconcileCommandThatAWorkerRuns() async throws {
            try await TerminalTestBed.run { bed in
                let reader = try await bed.reader()
                let order = TerminalTestBed.order()
                let pi = try await bed.authorized(amount: 2500, reader: reader, order: order)
                _ = try TerminalTestBed.value(try await bed.send(CompleteOrder(orderReference: order, paymentIntent: pi)), "complete")
                let settings = TerminalGatewaySettings(
                    reconcileIntervalSeconds: 3600, reconcileMinimumAgeSeconds: 0,
                    reconcileLocalTime: nil)
                let log = Logger(service: "terminal-tests", level: .warning)
                // Two replicas' schedulers: only one publishes the due run.
                let schedulers = (0..<2).map { _ in
                    ReconcileScheduler(
                        databaseURL: bed.env.databaseURL, schema: bed.schema,
                        appId: TerminalGatewayService.name, settings: settings, log: log)
                }
                try schedulers.forEach { try $0.start() }
                let monitor = bed.monitor
                let runs = try await onThread {
                    try monitor.wait(for: ReconciliationCompleted.self) { $0.trigger == "schedule" }
                }
                schedulers.forEach { $0.stopAndJoin() }
                #expect(runs.first?.captured == 1)
                #expect(try bed.payment(pi)?.state == .captured)
                // Give a second (wrong) publication time to show up, then count.
                try await Task.sleep(for: .seconds(3))
                let all = try await onThread { try monitor.events(ReconciliationCompleted.self) { $0.trigger == "schedule" } }
                #expect(all.count == 1)
            }
        }

        @Test func aCaptureStripeRefusesIsLeftAndTheStateRefreshed() async throws {
            try await TerminalTestBed.run { bed in
                let reader = try await bed.reader()
                let order = TerminalTestBed.order()
                let pi = try await bed.authorized(amount: 1800, reader: reader, order: order)
                _ = try TerminalTestBed.value(try await bed.send(CompleteOrder(orderReference: order)), "complete")
                // The authorization lapsed at Stripe before reconciliation ran.
                bed.sim.advanceClock(bySeconds: TerminalPaymentMachine.captureWindowSeconds + 1)
                let result = try TerminalTestBed.value(try await bed.send(Reconcile()), "reconcile")
                #expect(result.left == 1)
                #expect(result.captured == 0)
                #expect(result.payments.first?.reason.contains("payment_intent_unexpected_state") == true)
                #expect(try bed.payment(pi)?.state == .canceled)
                #expect(try await bed.wait(TerminalPaymentCanceled.self, pi).first?.cancellationReason == "automatic")
                #expect(bed.performed("POST", "/v1/payment_intents/\(pi)/capture") == 0)
            }
        }
    }
}
