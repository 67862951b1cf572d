/// The balance transactions of the platform or of one connected account
/// (https://docs.stripe.com/api/balance_transactions/object), derived at an instant from the
/// objects the simulator holds, with the same rules as ``SimBalance`` (so the net of an
/// account's transactions is its balance, available plus pending):
/// - a captured charge: `type: charge`, `reporting_category: charge`, the amount captured,
///   the platform's application fee in `fee` and `fee_details` (`type: application_fee`),
///   `pending` until ``SimBalance/availableAfterSeconds`` after the charge, then `available`;
/// - a succeeded refund: `type: refund`, `reporting_category: refund`, negative;
/// - an application fee refunded to the account: `type: adjustment`,
///   `reporting_category: fee` (Stripe's category for Connect platform fee refunds), positive;
/// - a dispute's withdrawal and reinstatement: as the dispute holds them (`type: adjustment`,
///   `reporting_category: dispute` / `dispute_reversal`, the dispute fee as `stripe_fee`);
/// - a payout: `type: payout`, negative; a failed or canceled one adds its reversal
///   (`payout_failure` / `payout_cancel`, `reporting_category: payout_reversal`), positive;
/// - on the platform: each application fee (`type: application_fee`) and each of its refunds
///   (`type: application_fee_refund`, negative).
/// Ids are the ones the objects carry (`balance_transaction`, `failure_balance_transaction`);
/// a transaction whose object carries none takes `txn_` and its source's id suffix, so an id
/// is the same on every read. Stripe's own processing fees are not simulated (see
/// ``SimBalance``). Listed newest first, as Stripe lists them.
enum SimBalanceTransactions {
    /// Every balance transaction of `scope` (``SimState/platform`` or a connected account) at
    /// `now`, newest first (ties: by id, descending).
    static func all(state: SimState, scope: String, now: Int) -> [JSONValue] {
        var items: [JSONValue] = []
        if scope == SimState.platform {
            for fee in state.values(type: "application_fee", scope: SimState.platform) {
                items.append(
                    transaction(
                        id: fee["balance_transaction"]?.stringValue, source: fee, amount: fee["amount"]?.intValue ?? 0,
                        created: fee["created"]?.intValue ?? 0, now: now, type: "application_fee", category: "platform_earning",
                        description: "Application fee"))
                for feeRefund in fee.value(at: "refunds.data")?.arrayValue ?? [] {
                    items.append(
                        transaction(
                            id: feeRefund["balance_transaction"]?.stringValue, source: feeRefund,
                            amount: -(feeRefund["amount"]?.intValue ?? 0), created: feeRefund["created"]?.intValue ?? 0, now: now,
                            type: "application_fee_refund", category: "platform_earning_refund", description: "Application fee refund"))
                }
            }
            return sorted(items)
        }
        for charge in state.values(type: "charge", scope: scope) where charge["status"] == "succeeded" && charge["captured"] == true {
            let created = charge["created"]?.intValue ?? 0
            var fee = 0
            var feeDetails: [JSONValue] = []
            if let feeId = charge["application_fee"]?.stringValue, let applicationFee = state.get(feeId, scope: SimState.platform) {
                fee = applicationFee["amount"]?.intValue ?? 0
                feeDetails.append([
                    "amount": .int(fee), "application": applicationFee["application"] ?? "ca_stripesim",
                    "currency": charge["currency"] ?? "usd", "description": "Application fee", "type": "application_fee",
                ])
                for feeRefund in applicationFee.value(at: "refunds.data")?.arrayValue ?? [] {
                    items.append(
                        transaction(
                            id: nil, source: feeRefund, amount: feeRefund["amount"]?.intValue ?? 0,
                            created: feeRefund["created"]?.intValue ?? 0, now: now, type: "adjustment", category: "fee",
                            description: "Application fee refund"))
                }
            }
            var item = transaction(
                id: charge["balance_transaction"]?.stringValue, source: charge, amount: charge["amount_captured"]?.intValue ?? 0,
                created: created, now: now, type: "charge", category: "charge", description: charge["description"]?.stringValue,
                availableOn: created + SimBalance.availableAfterSeconds)
            item["fee"] = .int(fee)
            item["fee_details"] = .array(feeDetails)
            item["net"] = .int((charge["amount_captured"]?.intValue ?? 0) - fee)
            items.append(item)
        }
        for refund in state.values(type: "refund", scope: scope) where refund["status"] == "succeeded" {
            items.append(
                transaction(
                    id: refund["balance_transaction"]?.stringValue, source: refund, amount: -(refund["amount"]?.intValue ?? 0),
                    created: refund["created"]?.intValue ?? 0, now: now, type: "refund", category: "refund",
                    description: "REFUND FOR CHARGE"))
        }
        for dispute in state.values(type: "dispute", scope: scope) {
            items.append(contentsOf: dispute["balance_transactions"]?.arrayValue ?? [])
        }
        for payout in state.values(type: "payout", scope: scope) {
            let status = payout["status"]?.stringValue ?? ""
            let amount = payout["amount"]?.intValue ?? 0
            let created = payout["created"]?.intValue ?? 0
            items.append(
                transaction(
                    id: payout["balance_transaction"]?.stringValue, source: payout, amount: -amount, created: created, now: now,
                    type: "payout", category: "payout", description: payout["description"]?.stringValue))
            guard status == "failed" || status == "canceled" else { continue }
            let reversedAt = status == "failed" ? payout["arrival_date"]?.intValue ?? created : created
            items.append(
                transaction(
                    id: payout["failure_balance_transaction"]?.stringValue, source: payout, amount: amount, created: reversedAt,
                    now: now, type: status == "failed" ? "payout_failure" : "payout_cancel", category: "payout_reversal",
                    description: status == "failed" ? "Payout failure" : "Payout cancellation", idSuffix: "r"))
        }
        return sorted(items)
    }

    /// Newest first; ties by id, descending (a stable order for cursor pagination).
    private static func sorted(_ items: [JSONValue]) -> [JSONValue] {
        items.sorted { a, b in
            let (ca, cb) = (a["created"]?.intValue ?? 0, b["created"]?.intValue ?? 0)
            return ca != cb ? ca > cb : (a["id"]?.stringValue ?? "") > (b["id"]?.stringValue ?? "")
        }
    }

    /// One transaction in Stripe's shape, without fees; `availableOn` defaults to `created`.
    private static func transaction(
        id: String?, source: JSONValue, amount: Int, created: Int, now: Int, type: String, category: String,
        description: String?, availableOn: Int? = nil, idSuffix: String = ""
    ) -> JSONValue {
        let sourceId = source["id"]?.stringValue ?? ""
        let suffix = sourceId.split(separator: "_", maxSplits: 1).last.map(String.init) ?? sourceId
        let available = availableOn ?? created
        return [
            "id": .string(id ?? "txn_\(suffix)\(idSuffix)"), "object": "balance_transaction", "amount": .int(amount),
            "available_on": .int(available), "balance_type": "payments", "created": .int(created),
            "currency": source["currency"] ?? "usd", "description": .optional(description), "exchange_rate": nil,
            "fee": 0, "fee_details": [], "net": .int(amount), "reporting_category": .string(category),
            "source": .string(sourceId), "status": now >= available ? "available" : "pending", "type": .string(type),
        ]
    }
}
