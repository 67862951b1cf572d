import HTTPServer

/// `GET /v1/balance` (https://docs.stripe.com/api/balance/balance_retrieve): the balance of
/// the platform or of the connected account in `Stripe-Account`, per currency, as
/// ``SimBalance`` computes it on the simulator's clock; `GET /v1/balance_transactions`
/// (https://docs.stripe.com/api/balance_transactions/list: `created`, `currency`, `source`,
/// `type` filters, Stripe's cursor pagination, newest first) and
/// `GET /v1/balance_transactions/:id`, as ``SimBalanceTransactions`` derives them. The list's
/// `payout` filter (the transactions an automatic payout paid out) is not simulated and is
/// refused as an unknown parameter.
enum BalanceEndpoints {
    /// Simulated seconds from a charge until its funds are available.
    static let availableAfterSeconds = SimBalance.availableAfterSeconds

    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add("GET", "/v1/balance", Endpoint([]) { call throws(SimError) in balance(call) })
        paths.add(
            "GET", "/v1/balance_transactions",
            Endpoint(SimList.parameters.union(["currency", "source", "type"])) { call throws(SimError) in
                try transactions(call)
            })
        paths.add(
            "GET", "/v1/balance_transactions/:id",
            Endpoint([]) { call throws(SimError) in
                let id = call.id()
                guard
                    let item = SimBalanceTransactions.all(state: call.state, scope: call.scope, now: call.now).first(where: {
                        $0["id"]?.stringValue == id
                    })
                else { throw SimError.missingResource("balance_transaction", id) }
                return item
            })
    }

    private static func transactions(_ call: SimCall) throws(SimError) -> JSONValue {
        let created = try SimCreatedFilter.parse(call.params)
        let currency = try call.params.string("currency")?.lowercased()
        let source = try call.params.string("source")
        let type = try call.params.string("type")
        let items = SimBalanceTransactions.all(state: call.state, scope: call.scope, now: call.now).filter { txn in
            (created?.matches(txn["created"]?.intValue ?? 0) ?? true)
                && (currency == nil || txn["currency"]?.stringValue == currency)
                && (source == nil || txn["source"]?.stringValue == source)
                && (type == nil || txn["type"]?.stringValue == type)
        }
        return try SimList.page(items, url: "/v1/balance_transactions", params: call.params)
    }

    private static func balance(_ call: SimCall) -> JSONValue {
        SimBalance.compute(state: call.state, scope: call.scope, now: call.now).json
    }
}
