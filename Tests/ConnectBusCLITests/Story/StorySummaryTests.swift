import Messages
import Testing
@testable import ConnectBusCLI

@Suite("The demo story's summary and checks")
struct StorySummaryTests {
    static let account = "acct_seller"
    static let r = StoryReferences(runId: "20261206120000")

    static func event(_ key: String, _ body: String, account: String? = StorySummaryTests.account) -> StoryEvent {
        StoryEvent(routingKey: key, stripeAccount: account, body: Array(body.utf8))
    }

    static func paid(_ order: String, _ amount: Int, fee: Int, currency: String = "usd") -> StoryEvent {
        event(
            "payments.order.paid",
            #"{"account":"\#(account)","order_reference":"\#(order)","amount":\#(amount),"currency":"\#(currency)","application_fee_amount":\#(fee)}"#
        )
    }

    static func terminal(_ what: String, _ order: String, _ extra: String = "") -> StoryEvent {
        event("terminal.payment.\(what)", #"{"account":"\#(account)","order_reference":"\#(order)"\#(extra)}"#)
    }

    /// What a story that went right leaves behind.
    static var events: [StoryEvent] {
        [
            event("onboarding.account.onboarding_completed", #"{"account":"\#(account)"}"#),
            paid(r.orderOnline, 4800, fee: 480), paid(r.orderElements, 2400, fee: 240),
            event("payments.order.payment_failed", #"{"account":"\#(account)","order_reference":"\#(r.orderDelayed)"}"#),
            paid(r.orderApp, 3600, fee: 360), paid(r.orderReturning, 1800, fee: 180),
            terminal("declined", r.orderShop),
            terminal("captured", r.orderShop, #","amount_captured":4620,"application_fee_amount":462,"currency":"usd""#),
            terminal("authorized", r.orderPOS),
            terminal(
                "fee_corrected", r.orderPOS,
                #","application_fee_amount_before":5,"application_fee_amount":180,"reason":"app_fee","captured_by":"reconciliation""#),
            terminal("captured", r.orderPOS, #","amount_captured":1800,"application_fee_amount":180,"currency":"usd""#),
            terminal("canceled", r.orderAbandoned),
            event("payments.order.refunded", #"{"account":"\#(account)","order_reference":"\#(r.orderOnline)","amount":2400}"#),
            paid(r.orderIDEAL, 2200, fee: 220, currency: "eur"), paid(r.orderDeferred, 1800, fee: 180),
            paid(r.orderDisputed, 2000, fee: 200),
            event("payments.dispute.opened", #"{"account":"\#(account)","order_reference":"\#(r.orderDisputed)","dispute":"dp_1"}"#),
            event("payments.dispute.closed", #"{"account":"\#(account)","order_reference":"\#(r.orderDisputed)","status":"won"}"#),
            event("onboarding.payout.failed", #"{"account":"\#(account)","payout":{"id":"po_1","failure_code":"account_closed"}}"#),
        ]
            + [
                "stripe.account.updated", "stripe.checkout.session.completed", "stripe.payment_intent.succeeded",
                "stripe.terminal.reader.action_succeeded", "stripe.charge.refunded",
            ].map { event($0, #"{"data":{"object":{"id":"x"}}}"#) }
    }

    static var mails: [MaildirMessage] {
        [r.buyer1, r.buyer3, r.buyer4, r.buyer5, r.buyer6].map { MaildirMessage(to: $0, subject: "Your order is confirmed") } + [
            MaildirMessage(to: r.buyer2, subject: "Payment for order x received, confirming with your bank"),
            MaildirMessage(to: r.buyer2, subject: "Payment for order x failed"),
            MaildirMessage(to: r.sellerEmail, subject: "A payment for order x was disputed"),
            MaildirMessage(to: r.sellerEmail, subject: "Your payout of $166.38 could not be paid to your bank"),
        ]
    }

    static var statement: GetStatement.Result {
        GetStatement.Result(
            account: account, from: 0, to: 1,
            currencies: [
                StatementTotals(
                    currency: "usd", grossSales: 22820, applicationFees: 2282, stripeFees: 1500, refunds: 2400, disputeWithdrawals: 2000,
                    disputeReinstatements: 2000, net: 16638),
                StatementTotals(currency: "eur", grossSales: 2200, applicationFees: 220, net: 1980),
            ], transactions: 20, discrepancies: [])
    }

    static func summary(
        events: [StoryEvent] = events, mails: [MaildirMessage] = mails, deadLetters: StorySummary.DeadLetters = .init(before: 3, after: 3, mine: 0)
    ) -> StorySummary {
        StorySummary(
            references: r, account: account, events: events, mails: mails,
            fees: [
                .init(account: account, currency: "usd", amount: 2282), .init(account: account, currency: "eur", amount: 220),
                .init(account: "acct_other", currency: "usd", amount: 999),
            ],
            statement: statement, deadLetters: deadLetters, seconds: 7)
    }

    func failed(_ summary: StorySummary) -> [String] { summary.checks.filter { !$0.passed }.map(\.name) }

    @Test func aStoryThatWentRightPassesAllTwentyThreeChecks() {
        let summary = Self.summary()
        #expect(summary.checks.count == 23)
        #expect(failed(summary) == [])
        let lines = summary.lines
        #expect(lines.contains("amounts:    228.20 USD paid, 24.00 USD refunded"))
        #expect(
            lines.contains(
                "application fees collected: 22.82 USD (events), 22.82 USD in 2 application fees (stripe-sim); in EUR 2.20 (events), 2.20 (stripe-sim)"
            ))
        #expect(lines.contains("  shop-20261206120000-4        in the shop, reader, tip           declined, captured"))
        #expect(lines.contains("dead letters: 0 of the demo's seller (3 parked before the story, 3 now)"))
        #expect(lines.contains("story wall time: 7 s"))
    }

    @Test func aSecondPaymentOfTheSameOrderFailsItsCheckAndTheTotals() {
        let summary = Self.summary(events: Self.events + [Self.paid(Self.r.orderOnline, 4800, fee: 480)])
        #expect(
            failed(summary) == [
                "online order paid exactly once", "amounts: 228.20 USD paid, 24.00 USD refunded",
                "statement: USD net = paid - fees - refunds - the dispute's 15.00 fee (won), EUR net 19.80, nothing unmatched",
                "application fees: events = stripe-sim = 22.82 USD and 2.20 EUR",
            ])
        #expect(summary.lines.contains { $0.hasPrefix("  \(Self.r.orderOnline) ") && $0.hasSuffix("paid x2, refunded") })
    }

    @Test func eventsOfOtherAccountsAreNotCounted() {
        let other = Self.event(
            "payments.order.paid", #"{"account":"acct_other","order_reference":"\#(Self.r.orderOnline)","amount":100,"application_fee_amount":10}"#,
            account: "acct_other")
        #expect(failed(Self.summary(events: Self.events + [other])) == [])
    }

    @Test func deadLettersThatCouldNotBeCountedFailTheCheck() {
        let summary = Self.summary(deadLetters: .init(before: nil, after: nil, mine: nil))
        #expect(failed(summary) == ["dead letters: 0"])
        #expect(summary.lines.contains("dead letters: ? of the demo's seller (? parked before the story, ? now)"))
    }

    @Test func aMissingBuyerMailFailsTheConfirmationCheck() {
        let summary = Self.summary(mails: Self.mails.filter { !$0.to.contains(Self.r.buyer5) })
        #expect(
            failed(summary) == [
                "confirmation e-mails to five buyers, one each; the delayed-method buyer one 'confirming with your bank', then one failure"
            ])
    }

    @Test func moneyIsWholeCentsInUnits() {
        #expect(StorySummary.money(22820) == "228.20 USD")
        #expect(StorySummary.money(5) == "0.05 USD")
        #expect(StorySummary.money(1980, currency: "EUR") == "19.80 EUR")
    }

    @Test func applicationFeesComeFromTheListAnswer() {
        let answer = #"{"object":"list","data":[{"id":"fee_1","account":"acct_1","amount":480,"currency":"usd"},{"id":"fee_2"}]}"#
        #expect(StorySummary.ApplicationFee.list(Array(answer.utf8)) == [.init(account: "acct_1", currency: "usd", amount: 480)])
        #expect(StorySummary.ApplicationFee.list(Array("not json".utf8)) == [])
    }
}
