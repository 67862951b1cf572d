import Foundation

/// Payouts of connected accounts (https://docs.stripe.com/payouts,
/// https://docs.stripe.com/api/payouts/object), on the simulator's clock:
/// 1. each UTC midnight an account's payout schedule comes round
///    (`settings.payouts.schedule`: `interval` `daily`; `weekly` on its `weekly_anchor`,
///    Monday by default; `monthly` on its `monthly_anchor`, the month's last day when the
///    month is shorter; `manual` never): the available balance of each currency with a
///    default bank account is paid out at once, `automatic: true`, `payout.created`. Funds
///    become available by ``SimBalance``'s 2-day rule whatever `delay_days` says (a decision);
///    Stripe's test mode pays out to any bank account, so `payouts_enabled` is not asked for;
/// 2. `POST /v1/payouts` creates a manual payout the same way (``PayoutEndpoints``);
/// 3. a payout is `pending` until its `arrival_date` (``transitSeconds`` later): then `paid`
///    with `payout.paid`, or — to a test bank account of ``PayoutTestAccounts`` — `failed`
///    with Stripe's `failure_code`, `failure_message` and `failure_balance_transaction`,
///    the amount back in the available balance, `payout.failed`; the bank account becomes
///    `errored` (`account.external_account.updated`) and takes no more payouts, as at Stripe;
/// 4. a pending manual payout can be canceled (`payout.canceled`, the amount back).
enum PayoutMachine {
    /// Simulated seconds from a payout's creation to its `arrival_date`.
    static let transitSeconds = 86_400
    /// Weekday names as `weekly_anchor` takes them, Monday first.
    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// Schedules the account's next payout run at the first UTC midnight after `instant`
    /// (Unix seconds; default: now).
    static func scheduleNextRun(state: SimState, account: String, after instant: Int? = nil) {
        state.schedule(at: Double(((instant ?? state.now) / 86_400 + 1) * 86_400), .payoutSchedule(scope: account))
    }

    /// The payout run of the call's account due at the midnight `at` (a scheduled job): pays
    /// out what its schedule says is due that day, from the balance available at `at`, then
    /// schedules the next midnight's run. When the clock jumped over several midnights, each
    /// runs in turn, as of its own instant (the payout's `created` and `arrival_date` too;
    /// its events carry the clock's time). A deleted account's runs stop.
    static func runSchedule(call: SimCall, at: Int) {
        guard let account = call.state.get(call.scope, scope: SimState.platform), account["object"] == "account" else { return }
        defer { scheduleNextRun(state: call.state, account: call.scope, after: at) }
        guard isPayoutDay(account.value(at: "settings.payouts.schedule") ?? nil, day: at / 86_400) else { return }
        let balance = SimBalance.compute(state: call.state, scope: call.scope, now: at)
        for (currency, amount) in balance.available.sorted(by: { $0.key < $1.key }) where amount > 0 {
            guard let bank = defaultBankAccount(account, currency: currency) else { continue }
            create(call: call, amount: amount, currency: currency, bank: bank, automatic: true, at: at)
        }
    }

    /// Whether `schedule` (`settings.payouts.schedule`) pays out on the UTC day `day` (days since 1970-01-01).
    static func isPayoutDay(_ schedule: JSONValue?, day: Int) -> Bool {
        switch schedule?["interval"]?.stringValue ?? "daily" {
        case "daily": return true
        case "weekly":
            let anchor = schedule?["weekly_anchor"]?.stringValue ?? "monday"
            return weekdays[(day + 3) % 7] == anchor  // 1970-01-01 was a Thursday
        case "monthly":
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
            let date = Date(timeIntervalSince1970: Double(day * 86_400))
            let dayOfMonth = calendar.component(.day, from: date)
            let length = calendar.range(of: .day, in: .month, for: date)?.count ?? 31
            return dayOfMonth == min(schedule?["monthly_anchor"]?.intValue ?? 1, length)
        default: return false
        }
    }

    /// The account's default bank account for `currency`, unless it has none or the last
    /// payout to it failed (`status` `errored`).
    static func defaultBankAccount(_ account: JSONValue, currency: String) -> JSONValue? {
        (account.value(at: "external_accounts.data")?.arrayValue ?? []).first {
            $0["currency"]?.stringValue == currency && $0["default_for_currency"] == true && $0["status"] != "errored"
        }
    }

    /// Creates a `pending` payout of `amount` (smallest unit) to `bank` as of `at` (Unix
    /// seconds; default: now), emits `payout.created` and schedules its arrival.
    @discardableResult
    static func create(
        call: SimCall, amount: Int, currency: String, bank: JSONValue, automatic: Bool, description: String? = nil,
        metadata: JSONValue = [:], statementDescriptor: String? = nil, at instant: Int? = nil
    ) -> JSONValue {
        let at = instant ?? call.now
        let id = SimIDs.make("po")
        let payout: JSONValue = [
            "id": .string(id), "object": "payout", "amount": .int(amount), "application_fee": nil, "application_fee_amount": nil,
            "arrival_date": .int(at + transitSeconds), "automatic": .bool(automatic),
            "balance_transaction": .string(SimIDs.make("txn")), "created": .int(at), "currency": .string(currency),
            "description": .string(description ?? (automatic ? "STRIPE PAYOUT" : "")), "destination": bank["id"] ?? nil,
            "failure_balance_transaction": nil, "failure_code": nil, "failure_message": nil, "livemode": false,
            "metadata": metadata, "method": "standard", "original_payout": nil, "reconciliation_status": "not_applicable",
            "reversed_by": nil, "source_type": "card", "statement_descriptor": .optional(statementDescriptor), "status": "pending",
            "trace_id": ["status": "pending", "value": nil], "type": "bank_account",
        ]
        call.state.insert(payout, scope: call.scope)
        call.emit("payout.created", payout)
        call.state.schedule(at: Double(at + transitSeconds), .payoutArrival(scope: call.scope, payout: id))
        return payout
    }

    /// A payout reaches its arrival date (a scheduled job): `paid`, or `failed` when its bank
    /// account is one of Stripe's failing test accounts.
    static func arrive(call: SimCall, payoutId: String) {
        guard var payout = call.state.get(payoutId, scope: call.scope), payout["status"] == "pending" else { return }
        let previous: JSONValue = ["status": "pending"]
        let code = payout["destination"]?.stringValue.flatMap { call.state.secrets[PayoutTestAccounts.annotationKey($0)] }
        if let code {
            payout["status"] = "failed"
            payout["failure_code"] = .string(code)
            payout["failure_message"] = .optional(PayoutTestAccounts.messages[code])
            payout["failure_balance_transaction"] = .string(SimIDs.make("txn"))
            payout["trace_id"] = ["status": "unsupported", "value": nil]
            call.state.replace(payout)
            call.emit("payout.failed", payout, previous: previous)
            markErrored(call: call, bankId: payout["destination"]?.stringValue)
        } else {
            payout["status"] = "paid"
            payout["reconciliation_status"] = "completed"
            payout["trace_id"] = ["status": "supported", "value": .string("SIMTRACE\(payoutId.suffix(8).uppercased())")]
            call.state.replace(payout)
            call.emit("payout.paid", payout, previous: previous)
        }
    }

    /// Marks the bank account a payout failed to as `errored` (Stripe's bank account status
    /// after a failed payout: no more payouts to it until its details are updated) and emits
    /// `account.external_account.updated` on the account.
    private static func markErrored(call: SimCall, bankId: String?) {
        guard let bankId, var account = call.state.get(call.scope, scope: SimState.platform),
            var data = account.value(at: "external_accounts.data")?.arrayValue,
            let index = data.firstIndex(where: { $0["id"]?.stringValue == bankId }), data[index]["status"] != "errored"
        else { return }
        data[index]["status"] = "errored"
        account["external_accounts"]?["data"] = .array(data)
        call.state.replace(account)
        call.emit("account.external_account.updated", data[index], previous: ["status": "new"])
    }

    /// Cancels a pending manual payout (`payout.canceled`; its amount returns to the balance).
    /// - Throws: 400 for an automatic payout or one that is no longer pending, as Stripe refuses them.
    static func cancel(call: SimCall, payout: JSONValue) throws(SimError) -> JSONValue {
        guard payout["automatic"] != true else {
            throw SimError.invalidRequest("Automatic payouts cannot be canceled.", param: nil)
        }
        guard payout["status"] == "pending" else {
            throw SimError.invalidRequest(
                "Payouts can only be canceled while they are pending (this one is \(payout["status"]?.stringValue ?? "")).", param: nil)
        }
        var payout = payout
        payout["status"] = "canceled"
        payout["trace_id"] = ["status": "unsupported", "value": nil]
        call.state.replace(payout)
        call.emit("payout.canceled", payout, previous: ["status": "pending"])
        return payout
    }
}
