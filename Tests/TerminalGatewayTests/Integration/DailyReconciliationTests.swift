import Foundation
import Messages
import StripeSimCore
import Runtime
import Store
import Testing
import TestKit
@testable import TerminalGateway

extension TerminalIntegrationTests {
    /// The daily reconciliation at the local time of each location's zone, on the simulator's
    /// clock (moved, never waited for): its report event, the grace, one run per day.
    @Suite("Daily reconciliation")
    struct DailyReconciliationTests {
        static let zone = "Australia/Sydney"
        static let plan = DailyReconcilePlan(time: LocalTime(hour: 23, minute: 0)!)

        /// A location in Sydney with a registered reader.
        static func sydneyReader(_ bed: TerminalTestBed) async throws -> String {
            let address = TerminalAddress(line1: "1 George St", city: "Sydney", state: "NSW", postalCode: "2000", country: "AU")
            let location = try TerminalTestBed.value(
                try await bed.send(CreateLocation(displayName: "Harbour Shop", address: address, timeZone: zone)), "create_location")
            return try TerminalTestBed.value(
                try await bed.send(
                    RegisterReader(
                        registrationCode: "simulated-wpe", label: "Till 1",
                        location: location.location)), "register_reader"
            ).reader
        }

        /// Moves the simulator's clock to one minute after the next 23:00 in Sydney; returns that local date.
        static func advanceToTheNextRun(_ bed: TerminalTestBed) throws -> String {
            let now = Int(bed.sim.clock.now)
            let latest = try #require(plan.latestScheduled(in: zone, atOrBefore: now))
            bed.sim.advanceClock(bySeconds: latest.scheduledAt + 86_400 - now + 60)
            return try #require(plan.latestScheduled(in: zone, atOrBefore: Int(bed.sim.clock.now))).localDate
        }

        /// The report of the Sydney run for `localDate`.
        static func report(_ bed: TerminalTestBed, localDate: String) async throws -> ReconciliationCompleted {
            let monitor = bed.monitor
            return try #require(
                try await onThread {
                    try monitor.wait(for: ReconciliationCompleted.self) { $0.timeZone == zone && $0.localDate == localDate }.first
                })
        }

        @Test func theEndOfDayRunCapturesCompletedOrdersCancelsAbandonedOnesAndReportsEachDecision() async throws {
            try await TerminalTestBed.run { bed in
                let reader = try await Self.sydneyReader(bed)
                let settings = TerminalGatewaySettings(reconcileTimeZone: "UTC", clock: TerminalTestBed.clock(of: bed.sim))
                let scheduler = ReconcileScheduler(
                    databaseURL: bed.env.databaseURL, schema: bed.schema, appId: TerminalGatewayService.name,
                    settings: settings, log: Logger(service: "terminal-tests", level: .warning))
                let db = try PGConnection(url: bed.env.databaseURL, applicationName: "terminal-tests.scheduler")
                // Day 1, 23:01 in Sydney: the zones are seen for the first time: day 1 is their
                // baseline, nothing runs at once.
                let day1 = try Self.advanceToTheNextRun(bed)
                #expect(try scheduler.publishDue(on: db) == 0)

                // Three sales just after the run: completed, abandoned by the platform, not spoken for.
                let completed = TerminalTestBed.order(), abandoned = TerminalTestBed.order(), unspoken = TerminalTestBed.order()
                let piCompleted = try await bed.authorized(amount: 2100, reader: reader, order: completed)
                let piAbandoned = try await bed.authorized(amount: 2200, reader: reader, order: abandoned)
                let piUnspoken = try await bed.authorized(amount: 2300, reader: reader, order: unspoken)
                _ = try TerminalTestBed.value(try await bed.send(CompleteOrder(orderReference: completed)), "complete")
                _ = try TerminalTestBed.value(try await bed.send(AbandonOrder(orderReference: abandoned)), "abandon")

                // Half an hour later an operator's run for Sydney: the unspoken one is within its grace.
                bed.sim.advanceClock(bySeconds: 1800)
                let early = try TerminalTestBed.value(try await bed.send(Reconcile(timeZone: Self.zone)), "operator run")
                let earlyActions = Dictionary(uniqueKeysWithValues: early.payments.map { ($0.paymentIntent, $0.action) })
                #expect(earlyActions == [piCompleted: .captured, piAbandoned: .canceled, piUnspoken: .left])
                #expect(try bed.payment(piUnspoken)?.state == .requiresCapture)
                // Nothing more is due before day 2's 23:00.
                #expect(try scheduler.publishDue(on: db) == 0)

                // Day 2, 23:01: the scheduled run cancels the authorization nobody claimed.
                let day2 = try Self.advanceToTheNextRun(bed)
                #expect(day2 > day1)
                #expect(try scheduler.publishDue(on: db) >= 1)
                let report = try await Self.report(bed, localDate: day2)
                #expect(report.trigger == "schedule")
                #expect(report.canceled == 1 && report.captured == 0 && report.left == 0)
                #expect(
                    report.payments == [
                        ReconciledPayment(
                            paymentIntent: piUnspoken, orderReference: unspoken,
                            action: .canceled, reason: "abandoned")
                    ])
                #expect(try bed.payment(piUnspoken)?.state == .canceled)
                #expect(bed.sim.object(id: piUnspoken)?["status"]?.stringValue == "canceled")
                #expect(bed.performed("POST", "/v1/payment_intents/\(piCompleted)/capture") == 1)

                // A second replica's check (or a redelivered tick) publishes nothing for the same day.
                let replica = ReconcileScheduler(
                    databaseURL: bed.env.databaseURL, schema: bed.schema, appId: TerminalGatewayService.name,
                    settings: settings, log: Logger(service: "terminal-tests", level: .warning))
                #expect(try replica.publishDue(on: db) == 0)
                let monitor = bed.monitor
                let sydneyRuns = try await onThread {
                    try monitor.events(ReconciliationCompleted.self) { $0.timeZone == Self.zone && $0.trigger == "schedule" }
                }
                #expect(sydneyRuns.map(\.localDate) == [day2])
            }
        }

        @Test func anUnknownTimeZoneIsRefusedBeforeStripe() async throws {
            try await TerminalTestBed.run { bed in
                let address = TerminalAddress(line1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "US")
                let refused = try await bed.send(CreateLocation(displayName: "Shop", address: address, timeZone: "Mars/Olympus_Mons"))
                #expect(refused.failure?.code == ReplyError.Code.invalidTimeZone)
                #expect(bed.requests("POST", "/v1/terminal/locations").isEmpty)
            }
        }
    }
}
