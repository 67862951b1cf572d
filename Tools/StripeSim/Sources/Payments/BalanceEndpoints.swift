import HTTPServer

/// `GET /v1/balance` (https://docs.stripe.com/api/balance/balance_retrieve): the balance of
/// the platform or of the connected account in `Stripe-Account`, per currency, computed from
/// what the simulator holds, on its clock:
/// - a captured charge adds its amount less the platform's application fee, pending until
///   ``availableAfterSeconds`` after the charge (Stripe's 2-day standard schedule), then available;
/// - a refund takes its amount from the available balance at once; an application fee refunded
///   to the account gives it back;
/// - a dispute's balance transactions (the withdrawal with its fee, a reinstatement) count as
///   they are, available at once;
/// - the platform's balance is its application fees less their refunds, available at once.
/// Stripe's own processing fees are not simulated (a decision: the simulator's charges carry
/// no Stripe fee), so the balance is what the platform's records alone predict.
enum BalanceEndpoints {
    /// Simulated seconds from a charge until its funds are available.
    static let availableAfterSeconds = 2 * 86_400

    static func register(_ router: inout Router<Endpoint>) {
        router.add("GET", "/v1/balance", Endpoint([]) { call throws(SimError) in balance(call) })
    }

    private static func balance(_ call: SimCall) -> JSONValue {
        var available: [String: Int] = [:]
        var pending: [String: Int] = [:]
        let state = call.state
        func currency(_ object: JSONValue) -> String { object["currency"]?.stringValue ?? "usd" }
        if call.account == nil {
            for fee in state.list(type: "application_fee", scope: SimState.platform) {
                available[currency(fee), default: 0] += (fee["amount"]?.intValue ?? 0) - (fee["amount_refunded"]?.intValue ?? 0)
            }
        } else {
            for charge in state.list(type: "charge", scope: call.scope) where charge["status"] == "succeeded" && charge["captured"] == true {
                var net = charge["amount_captured"]?.intValue ?? 0
                if let feeId = charge["application_fee"]?.stringValue, let fee = state.get(feeId, scope: SimState.platform) {
                    net -= (fee["amount"]?.intValue ?? 0) - (fee["amount_refunded"]?.intValue ?? 0)
                }
                let settled = call.now >= (charge["created"]?.intValue ?? 0) + availableAfterSeconds
                if settled { available[currency(charge), default: 0] += net } else { pending[currency(charge), default: 0] += net }
            }
            for refund in state.list(type: "refund", scope: call.scope) where refund["status"] == "succeeded" {
                available[currency(refund), default: 0] -= refund["amount"]?.intValue ?? 0
            }
            for dispute in state.list(type: "dispute", scope: call.scope) {
                for txn in dispute["balance_transactions"]?.arrayValue ?? [] {
                    available[currency(dispute), default: 0] += txn["net"]?.intValue ?? 0
                }
            }
        }
        func entries(_ amounts: [String: Int]) -> JSONValue {
            .array(
                amounts.keys.sorted().map { code in
                    ["amount": .int(amounts[code] ?? 0), "currency": .string(code), "source_types": ["card": .int(amounts[code] ?? 0)]]
                })
        }
        let currencies = Set(available.keys).union(pending.keys)
        for code in currencies {
            available[code, default: 0] += 0
            pending[code, default: 0] += 0
        }
        return [
            "object": "balance", "available": entries(available), "pending": entries(pending),
            "connect_reserved": entries(available.mapValues { _ in 0 }), "livemode": false,
        ]
    }
}
