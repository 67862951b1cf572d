import HTTPServer

/// `GET /v1/balance` (https://docs.stripe.com/api/balance/balance_retrieve): the balance of
/// the platform or of the connected account in `Stripe-Account`, per currency, as
/// ``SimBalance`` computes it on the simulator's clock.
enum BalanceEndpoints {
    /// Simulated seconds from a charge until its funds are available.
    static let availableAfterSeconds = SimBalance.availableAfterSeconds

    static func register(_ router: inout Router<Endpoint>) {
        router.add("GET", "/v1/balance", Endpoint([]) { call throws(SimError) in balance(call) })
    }

    private static func balance(_ call: SimCall) -> JSONValue {
        SimBalance.compute(state: call.state, scope: call.scope, now: call.now).json
    }
}
