public import Messages

/// The story's summary and its checks, from what it gathered: the events seen on the bus,
/// the e-mails the SMTP sink received, the simulator's application fees, the seller's
/// statement and the dead-letter counts. Pure arithmetic over those; thread-safe value type.
///
/// Amounts are in the smallest currency unit (cents); the totals in "USD" leave out the
/// iDEAL order, which is in euros, and application fees are summed per currency.
public struct StorySummary {
    /// One application fee as stripe-sim lists it (`GET /v1/application_fees`).
    public struct ApplicationFee: Sendable, Equatable {
        /// The connected account it was collected from.
        public var account: String
        /// ISO currency, lowercase.
        public var currency: String
        /// Amount in the smallest currency unit.
        public var amount: Int

        /// A fee.
        public init(account: String, currency: String, amount: Int) {
            self.account = account
            self.currency = currency
            self.amount = amount
        }

        /// The fees of a list answer's `data` (entries without an account or amount skipped).
        public static func list(_ answer: [UInt8]) -> [ApplicationFee] {
            let data = (JSONDisplay.parse(answer) as? [String: Any])?["data"] as? [[String: Any]] ?? []
            return data.compactMap { fee in
                guard let account = fee["account"] as? String, let amount = fee["amount"] as? Int else { return nil }
                return ApplicationFee(account: account, currency: fee["currency"] as? String ?? "usd", amount: amount)
            }
        }
    }

    /// Dead letters parked before the story, after it, and after it for the story's seller
    /// (`nil` when the broker could not be asked).
    public struct DeadLetters: Sendable, Equatable {
        /// Before the story, all queues.
        public var before: Int?
        /// Now, all queues.
        public var after: Int?
        /// Now, the story's seller only.
        public var mine: Int?

        /// The counts.
        public init(before: Int?, after: Int?, mine: Int?) {
            self.before = before
            self.after = after
            self.mine = mine
        }
    }

    /// One check: what it asserts and whether it held.
    public struct Check: Sendable, Equatable {
        /// What the check asserts.
        public var name: String
        /// Whether it held.
        public var passed: Bool
    }

    /// The run's references.
    public var references: StoryReferences
    /// The seller's connected account (empty when onboarding failed).
    public var account: String
    /// Every event seen while the story played.
    public var events: [StoryEvent]
    /// The e-mails the SMTP sink holds.
    public var mails: [MaildirMessage]
    /// The simulator's application fees (all accounts).
    public var fees: [ApplicationFee]
    /// The seller's statement over the story's days, if it was fetched.
    public var statement: GetStatement.Result?
    /// Dead-letter counts.
    public var deadLetters: DeadLetters
    /// The story's wall time in seconds.
    public var seconds: Int

    /// The Stripe dispute fee (USD 15.00) a dispute withdraws, not reinstated when won.
    public static let disputeFee = 1500

    /// A summary of these inputs.
    public init(
        references: StoryReferences, account: String, events: [StoryEvent], mails: [MaildirMessage], fees: [ApplicationFee],
        statement: GetStatement.Result?, deadLetters: DeadLetters, seconds: Int
    ) {
        self.references = references
        self.account = account
        self.events = events
        self.mails = mails
        self.fees = fees
        self.statement = statement
        self.deadLetters = deadLetters
        self.seconds = seconds
    }

    /// The bodies of the seller's events with routing key `key` whose fields show as `wanted`.
    func of(_ key: String, _ wanted: (String, String)...) -> [[String: Any]] {
        guard !account.isEmpty else { return [] }
        return events.filter { $0.concerns(account) && $0.matches(key, wanted) }.map(\.fields)
    }

    /// `of(key, order_reference: reference)`.
    func of(_ key: String, order reference: String) -> [[String: Any]] { of(key, ("order_reference", reference)) }

    /// The paid amounts in USD: online orders in dollars plus every Terminal capture.
    var amountPaid: Int {
        let paid = of("payments.order.paid").filter { ($0["currency"] as? String ?? "usd") == "usd" }
        return paid.reduce(0) { $0 + int($1["amount"]) }
            + of("terminal.payment.captured").reduce(0) { $0 + int($1["amount_captured"] ?? $1["amount"]) }
    }

    /// The refunded amount (all currencies; every refund is in USD).
    var amountRefunded: Int { of("payments.order.refunded").reduce(0) { $0 + int($1["amount"]) } }

    /// Application fees per currency as the events announced them.
    var feesFromEvents: [String: Int] {
        var totals: [String: Int] = [:]
        for body in of("payments.order.paid") + of("terminal.payment.captured") {
            totals[body["currency"] as? String ?? "usd", default: 0] += int(body["application_fee_amount"])
        }
        return totals
    }

    /// Application fees per currency as stripe-sim holds them for the seller.
    var feesFromSimulator: [String: Int] {
        fees.filter { $0.account == account }.reduce(into: [:]) { $0[$1.currency, default: 0] += $1.amount }
    }

    /// Routing key → how many events had it.
    var perKey: [String: Int] { events.reduce(into: [:]) { $0[$1.routingKey, default: 0] += 1 } }

    /// The printed summary, line by line.
    public var lines: [String] {
        let r = references
        var out = ["accounts:   \(account) (onboarding completed: \(of("onboarding.account.onboarding_completed").count))", "orders:"]
        let orders: [(String, String)] = [
            (r.orderOnline, "online, hosted Checkout, card"), (r.orderElements, "online, Checkout elements, card"),
            (r.orderDelayed, "online, SEPA Debit that fails"), (r.orderApp, "in the app, PaymentSheet"),
            (r.orderReturning, "returning buyer, off-session"), (r.orderShop, "in the shop, reader, tip"),
            (r.orderPOS, "in the shop, app-created"), (r.orderAbandoned, "in the shop, never captured"),
            (r.orderIDEAL, "online, Checkout, iDEAL (EUR)"), (r.orderDeferred, "online, deferred intent, card"),
            (r.orderDisputed, "online, card disputed, won"),
        ]
        let states = [
            ("payments.order.paid", "paid"), ("payments.order.payment_failed", "payment failed"),
            ("payments.order.refunded", "refunded"), ("payments.order.disputed", "disputed"),
            ("terminal.payment.declined", "declined"), ("terminal.payment.authorized", "authorized"),
            ("terminal.payment.captured", "captured"), ("terminal.payment.canceled", "canceled"),
        ]
        for (reference, what) in orders {
            let state = states.compactMap { key, label -> String? in
                let hits = of(key, order: reference).count
                return hits == 0 ? nil : hits == 1 ? label : "\(label) x\(hits)"
            }
            out.append("  \(pad(reference, 28)) \(pad(what, 34)) \(state.isEmpty ? "-" : state.joined(separator: ", "))")
        }
        out.append("amounts:    \(Self.money(amountPaid)) paid, \(Self.money(amountRefunded)) refunded")
        let events = feesFromEvents, simulator = feesFromSimulator
        out.append(
            "application fees collected: \(Self.money(events["usd"] ?? 0)) (events), \(Self.money(simulator["usd"] ?? 0)) in "
                + "\(fees.filter { $0.account == account }.count) application fees (stripe-sim); in EUR "
                + "\(Self.decimal(events["eur"] ?? 0)) (events), \(Self.decimal(simulator["eur"] ?? 0)) (stripe-sim)")
        out.append("events seen per routing key (\(self.events.count) in all):")
        for (key, count) in perKey.sorted(by: { $0.key < $1.key }) { out.append("  \(pad(key, 48)) \(count)") }
        out.append("e-mails received by the SMTP sink: \(mails.count)")
        for mail in mails { out.append("  to \(pad(mail.to, 44)) \(mail.subject)") }
        let usd = totals("usd"), eur = totals("eur")
        out.append(
            "statement:  USD net \(Self.money(usd?.net ?? 0)) (gross \(Self.money(usd?.grossSales ?? 0)), fees "
                + "\(Self.money(usd?.applicationFees ?? 0)) + \(Self.money(usd?.stripeFees ?? 0)), refunds \(Self.money(usd?.refunds ?? 0)), "
                + "disputes -\(Self.money(usd?.disputeWithdrawals ?? 0)) +\(Self.money(usd?.disputeReinstatements ?? 0))), paid out "
                + "\(Self.money(usd?.payouts ?? 0)); EUR net \(Self.money(eur?.net ?? 0, currency: "EUR")); "
                + "\(statement?.discrepancies.count ?? 0) discrepancies")
        let d = deadLetters
        out.append(
            "dead letters: \(Self.count(d.mine)) of the demo's seller (\(Self.count(d.before)) parked before the story, \(Self.count(d.after)) now)")
        out.append("story wall time: \(seconds) s")
        return out
    }

    /// The checks, in the order printed.
    public var checks: [Check] {
        let r = references
        func check(_ name: String, _ passed: Bool) -> Check { Check(name: name, passed: passed) }
        let captured = of("terminal.payment.captured", order: r.orderPOS)
        func fields(_ bodies: [[String: Any]], _ keys: String...) -> [[String?]] {
            bodies.map { body in keys.map { StoryEvent.text(body[$0]) } }
        }
        let corrected = fields(
            of("terminal.payment.fee_corrected", order: r.orderPOS), "application_fee_amount_before", "application_fee_amount", "reason",
            "captured_by")
        let usd = totals("usd"), eur = totals("eur")
        let feesEvents = feesFromEvents, feesSim = feesFromSimulator
        let mailsToSeller = mails.filter { $0.to.contains(r.sellerEmail) }
        let payoutFailures = of("onboarding.payout.failed").map { ($0["payout"] as? [String: Any])?["failure_code"] as? String }
        let keys = perKey
        return [
            check("seller onboarded once", of("onboarding.account.onboarding_completed").count == 1),
            check("online order paid exactly once", of("payments.order.paid", order: r.orderOnline).count == 1),
            check("elements order paid exactly once", of("payments.order.paid", order: r.orderElements).count == 1),
            check("delayed-method order failed", of("payments.order.payment_failed", order: r.orderDelayed).count >= 1),
            check("delayed-method order not paid", of("payments.order.paid", order: r.orderDelayed).isEmpty),
            check("app order paid exactly once", of("payments.order.paid", order: r.orderApp).count == 1),
            check(
                "returning buyer charged off-session with the saved card, paid exactly once",
                of("payments.order.paid", order: r.orderReturning).count == 1
                    && of("payments.order.requires_action", order: r.orderReturning).isEmpty),
            check(
                "shop order declined, then captured once",
                of("terminal.payment.declined", order: r.orderShop).count >= 1
                    && of("terminal.payment.captured", order: r.orderShop).count == 1),
            check(
                "shop sale: 4.20 tip captured (46.20) with the fee recomputed (4.62)",
                fields(of("terminal.payment.captured", order: r.orderShop), "amount_captured", "application_fee_amount") == [["4620", "462"]]),
            check(
                "app-created PaymentIntent recorded, authorized and captured once with the policy fee (1.80)",
                of("terminal.payment.authorized", order: r.orderPOS).count == 1
                    && fields(captured, "amount_captured", "application_fee_amount") == [["1800", "180"]]),
            check("the app's fee corrected at reconciliation (0.05 -> 1.80), once", corrected == [["5", "180", "app_fee", "reconciliation"]]),
            check("abandoned authorization canceled", of("terminal.payment.canceled", order: r.orderAbandoned).count == 1),
            check("refund published", of("payments.order.refunded", order: r.orderOnline).count == 1),
            check(
                "iDEAL order paid exactly once through the bank's test page (22.00 EUR, fee 2.20)",
                fields(of("payments.order.paid", order: r.orderIDEAL), "amount", "currency", "application_fee_amount")
                    == [["2200", "eur", "220"]]),
            check(
                "deferred-intent order paid exactly once with its ConfirmationToken (18.00, fee 1.80)",
                fields(of("payments.order.paid", order: r.orderDeferred), "amount", "application_fee_amount") == [["1800", "180"]]),
            check("amounts: 228.20 USD paid, 24.00 USD refunded", amountPaid == 22820 && amountRefunded == 2400),
            check(
                "disputed card: opened once, evidence submitted, won on the simulator's clock",
                of("payments.dispute.opened", order: r.orderDisputed).count == 1
                    && of("payments.dispute.closed", order: r.orderDisputed).map { $0["status"] as? String } == ["won"]),
            check(
                "the seller e-mailed once about the dispute and once about the failed payout (account_closed)",
                mailsToSeller.filter { $0.subject.contains("was disputed") }.count == 1
                    && mailsToSeller.filter { $0.subject.contains("could not be paid") }.count == 1
                    && payoutFailures == ["account_closed"]),
            check(
                "statement: USD net = paid - fees - refunds - the dispute's 15.00 fee (won), EUR net 19.80, nothing unmatched",
                usd?.net == amountPaid - (feesEvents["usd"] ?? 0) - amountRefunded - Self.disputeFee
                    && usd?.disputeWithdrawals == 2000 && usd?.disputeReinstatements == 2000
                    && eur?.net == 2200 - 220 && statement?.discrepancies == []),
            check(
                "Stripe webhooks re-published: account, Checkout, PaymentIntent, reader, refund",
                [
                    "stripe.account.updated", "stripe.checkout.session.completed", "stripe.payment_intent.succeeded",
                    "stripe.terminal.reader.action_succeeded", "stripe.charge.refunded",
                ].allSatisfy { (keys[$0] ?? 0) >= 1 }),
            check(
                "confirmation e-mails to five buyers, one each; the delayed-method buyer one 'confirming with your bank', then one failure",
                [r.buyer1, r.buyer3, r.buyer4, r.buyer5, r.buyer6].allSatisfy { buyer in mails.filter { $0.to.contains(buyer) }.count == 1 }
                    && mails.filter { $0.to.contains(r.buyer2) }.map { $0.subject.contains("received, confirming") }.sorted { !$0 && $1 }
                        == [false, true]
            ),
            check(
                "application fees: events = stripe-sim = 22.82 USD and 2.20 EUR",
                feesEvents["usd"] ?? 0 == 2282 && feesSim["usd"] ?? 0 == 2282 && feesEvents["eur"] ?? 0 == 220 && feesSim["eur"] ?? 0 == 220),
            check("dead letters: 0", deadLetters.mine == 0),
        ]
    }

    /// The statement's totals in `currency`, if it has that currency.
    func totals(_ currency: String) -> StatementTotals? { statement?.currencies.first { $0.currency == currency } }

    /// `12.34 USD` for 1234 (floor division, as the amounts are whole cents).
    public static func money(_ cents: Int, currency: String = "USD") -> String { "\(decimal(cents)) \(currency)" }

    /// `12.34` for 1234.
    static func decimal(_ cents: Int) -> String {
        let (units, rest) = (cents.floorDivided(by: 100), cents - cents.floorDivided(by: 100) * 100)
        return "\(units)." + (rest < 10 ? "0\(rest)" : "\(rest)")
    }

    /// A count, or `?` when it could not be taken.
    static func count(_ value: Int?) -> String { value.map(String.init) ?? "?" }

    private func int(_ value: Any?) -> Int { value as? Int ?? 0 }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

extension Int {
    /// Division rounding towards minus infinity (Python's `//`).
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
