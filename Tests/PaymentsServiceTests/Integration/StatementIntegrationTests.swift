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
    @Suite("Statements")
    struct Statements {
        /// A day of the seller's: a sale of 50.00 (fee 5.00) refunded 10.00 with the fee in
        /// proportion, a sale of 20.00 (fee 2.00) disputed at once (its dispute recorded by
        /// payments), and a 7.00 charge made at Stripe without payments. Returns when the
        /// first sale was created (the simulator's clock) and the unknown charge's id.
        private func dayOfSales(_ bed: PaymentsTestBed, _ account: String) async throws -> (created: Int, unknownCharge: String) {
            let paid = try unwrap(
                try await bed.send(
                    ConfirmPayment(
                        account: account, orderReference: PaymentsTestBed.orderReference(), amount: 5000, currency: "usd",
                        paymentMethod: "pm_card_visa", applicationFeeAmount: 500)))
            _ = try unwrap(
                try await bed.send(RefundPayment(account: account, orderReference: paid.orderReference, amount: 1000, refundApplicationFee: true)))
            let disputed = try unwrap(
                try await bed.send(
                    ConfirmPayment(
                        account: account, orderReference: PaymentsTestBed.orderReference(), amount: 2000, currency: "usd",
                        paymentMethod: "pm_card_createDispute", applicationFeeAmount: 200)))
            let sim = bed.sim
            let pi = disputed.paymentIntent
            #expect(try await eventually { sim.objects(type: "dispute").contains { $0["payment_intent"]?.stringValue == pi } })
            let dispute = try #require(sim.objects(type: "dispute").first { $0["payment_intent"]?.stringValue == pi }?["id"]?.stringValue)
            try await bed.deliverEvents(account: account, objects: [dispute])
            let direct = bed.stripe(
                "POST", "/v1/payment_intents",
                [("amount", "700"), ("currency", "usd"), ("payment_method", "pm_card_visa"), ("confirm", "true")],
                account: account)
            let charge = try #require(direct.json["latest_charge"] as? String, "\(direct.json)")
            let created = try #require(bed.stripe("GET", "/v1/payment_intents/\(paid.paymentIntent)", account: account).json["created"] as? Int)
            return (created, charge)
        }

        @Test(
            "the statement's lines are the account's balance transactions: the net is the sales less fees, refunds and the dispute, it equals the balance, and a charge payments did not make is reported"
        )
        func linesAndReconciliation() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.seller()
                let (created, unknownCharge) = try await dayOfSales(bed, account)
                let statement = try unwrap(try await bed.send(GetStatement(account: account, from: created - 60, to: created + 86_400)))
                #expect(statement.currencies.map(\.currency) == ["usd"])
                let usd = try #require(statement.currencies.first)
                #expect(usd.grossSales == 7700 && usd.applicationFees == 700 && usd.refunds == 1000 && usd.applicationFeeRefunds == 100)
                #expect(usd.disputeWithdrawals == 2000 && usd.stripeFees == 1500 && usd.disputeReinstatements == 0)
                #expect(usd.other == 0 && usd.payouts == 0)
                #expect(usd.net == 7700 - 700 - 1500 - 1000 + 100 - 2000)
                #expect(statement.transactions == 6)  // three charges, a refund, a fee refund, the withdrawal
                #expect(
                    statement.discrepancies == [
                        StatementDiscrepancy(
                            kind: "unknown_charge", transaction: statement.discrepancies.first?.transaction ?? "", source: unknownCharge,
                            currency: "usd")
                    ])
                // The net of everything so far is the seller's balance (available and pending).
                let balance = try unwrap(try await bed.send(GetBalance(account: account)))
                #expect((balance.available + balance.pending).reduce(0) { $0 + $1.amount } == usd.net)
                let read = try #require(bed.requests("GET", "/v1/balance_transactions").last)
                #expect(read.account == account)
                func number(_ value: StripeSimCore.JSONValue?) -> Int? { value?.intValue ?? value?.stringValue.flatMap { Int($0) } }
                #expect(read.params["expand"] == ["data.source"], "\(read.params)")
                #expect(number(read.params["created"]?["gte"]) == created - 60 && number(read.params["created"]?["lt"]) == created + 86_400)
                #expect(number(read.params["limit"]) == 100)

                // A period with nothing in it.
                let empty = try unwrap(try await bed.send(GetStatement(account: account, from: created - 86_400, to: created - 60)))
                #expect(empty.currencies.isEmpty && empty.transactions == 0 && empty.discrepancies.isEmpty)
            }
        }

        @Test(
            "the daily statement: the scheduler publishes one payments.get_statement per seller for the day before, once, and payments.statement.ready carries its lines"
        )
        func dailyStatement() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.seller()
                let (created, _) = try await dayOfSales(bed, account)
                let today = created / 86_400 * 86_400
                let scheduler = StatementScheduler(
                    databaseURL: bed.env.databaseURL, schema: bed.schema, appId: PaymentsService.name,
                    time: LocalTime(hour: 0, minute: 30), timeZone: "UTC", log: bed.host.log)
                let url = bed.env.databaseURL
                let counts = try await onThread { () -> [Int] in
                    let db = try PGConnection(url: url, applicationName: "payments-tests")
                    return [
                        try scheduler.publishDue(now: today + 1860, on: db),  // first sighting: records today, publishes nothing
                        try scheduler.publishDue(now: today + 86_400 + 1860, on: db),  // tomorrow 00:31: today's statements
                        try scheduler.publishDue(now: today + 86_400 + 1900, on: db),  // already published
                    ]
                }
                #expect(counts[0] == 0 && counts[2] == 0)
                #expect(counts[1] >= 1)
                let monitor = bed.monitor
                func readyEvents() async throws -> [Envelope] {
                    try await onThread { try monitor.drain() }
                    return monitor.all.filter { $0.type == StatementReady.messageName && $0.headers.stripeAccount == account }
                }
                var ready: [Envelope] = []
                for _ in 0..<60 where ready.isEmpty {
                    ready = try await readyEvents()
                }
                #expect(try await readyEvents().count == 1)
                let event = try #require(try ready.first?.decode(StatementReady.self))
                #expect(event.from == today && event.to == today + 86_400 && event.timeZone == "UTC")
                let formatter = ISO8601DateFormatter()
                formatter.formatOptions = [.withFullDate]
                #expect(event.date == formatter.string(from: Date(timeIntervalSince1970: TimeInterval(today))))
                #expect(event.currencies.first?.net == 7700 - 700 - 1500 - 1000 + 100 - 2000)
                #expect(event.discrepancies.map(\.kind) == ["unknown_charge"])
            }
        }

        @Test("the statement day is the local day before the run, as Postgres's time zones have it (daylight-saving days too)")
        func localDays() async throws {
            try await PaymentsTestBed.run { bed in
                func scheduler(_ zone: String) -> StatementScheduler {
                    StatementScheduler(
                        databaseURL: bed.env.databaseURL, schema: bed.schema, appId: PaymentsService.name,
                        time: LocalTime(hour: 0, minute: 30), timeZone: zone, log: bed.host.log)
                }
                let sydney = scheduler("Australia/Sydney")
                let paris = scheduler("Europe/Paris")
                let url = bed.env.databaseURL
                let runs = try await onThread { () -> [StatementScheduler.Run?] in
                    let db = try PGConnection(url: url, applicationName: "payments-tests")
                    // 2026-12-01T12:00Z is 23:00 in Sydney (UTC+11): the run of 1 December, the statement of 30 November.
                    // 2026-10-26T12:00Z in Paris: the statement of 25 October, 25 hours long (summer time ends).
                    return [try sydney.run(now: 1_796_126_400, on: db), try paris.run(now: 1_793_016_000, on: db)]
                }
                #expect(runs[0] == StatementScheduler.Run(runDate: "2026-12-01", date: "2026-11-30", from: 1_795_957_200, to: 1_796_043_600))
                #expect(runs[1] == StatementScheduler.Run(runDate: "2026-10-26", date: "2026-10-25", from: 1_792_879_200, to: 1_792_969_200))
            }
        }

        @Test("bad input: a range over 366 days, an empty or reversed range, an unknown field: refused before Stripe is called")
        func refused() async throws {
            try await PaymentsTestBed.run { bed in
                let tooLong = try await bed.sendRaw(
                    type: GetStatement.messageName, json: #"{"account":"acct_1","from":1700000000,"to":1731622401}"#)
                #expect(tooLong?.code == ReplyError.Code.statementRange && tooLong?.field == "to")
                let reversed = try await bed.sendRaw(
                    type: GetStatement.messageName, json: #"{"account":"acct_1","from":1700000000,"to":1700000000}"#)
                #expect(reversed?.code == ReplyError.Code.statementRange)
                let unknown = try await bed.sendRaw(
                    type: GetStatement.messageName, json: #"{"account":"acct_1","from":1,"to":2,"currency":"usd"}"#)
                #expect(unknown?.code == ReplyError.Code.unknownField)
                #expect(bed.requests("GET", "/v1/balance_transactions").isEmpty)
            }
        }
    }
}
