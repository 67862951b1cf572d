import HTTPServer

/// `/v1/payouts` on a connected account (`Stripe-Account`): create, retrieve, update
/// (`metadata`), list (filters `status`, `destination`, `created`) and cancel. See
/// https://docs.stripe.com/api/payouts and ``PayoutMachine`` for a payout's life.
///
/// Create takes Stripe's parameters (`amount` and `currency` required, `description`,
/// `destination`, `metadata`, `method`, `source_type`, `statement_descriptor`) and refuses
/// what Stripe refuses: a payout without a usable bank account in its currency (one a payout
/// failed to is `errored` until updated), an unknown
/// `destination`, more than the available balance (`balance_insufficient`), `method=instant`
/// (the simulator's bank accounts take no instant payouts: `instant_payouts_unsupported`).
/// The platform itself has no bank account in the simulator, so it cannot pay out.
enum PayoutEndpoints {
    static let createParameters: Set<String> = [
        "amount", "currency", "description", "destination", "metadata", "method", "source_type", "statement_descriptor",
    ]
    static let statuses = ["pending", "paid", "failed", "canceled", "in_transit"]

    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add("POST", "/v1/payouts", Endpoint(createParameters, create))
        paths.add(
            "GET", "/v1/payouts/:id",
            Endpoint([]) { call throws(SimError) in try call.state.require(call.id(), type: "payout", scope: call.scope) })
        paths.add(
            "POST", "/v1/payouts/:id",
            Endpoint(["metadata"]) { call throws(SimError) in
                var payout = try call.state.require(call.id(), type: "payout", scope: call.scope)
                if let metadata = try call.params.metadata() {
                    payout["metadata"] = metadata
                    call.state.replace(payout)
                    call.emit("payout.updated", payout)
                }
                return payout
            })
        paths.add(
            "POST", "/v1/payouts/:id/cancel",
            Endpoint([]) { call throws(SimError) in
                try PayoutMachine.cancel(call: call, payout: try call.state.require(call.id(), type: "payout", scope: call.scope))
            })
        paths.add(
            "GET", "/v1/payouts",
            Endpoint(SimList.parameters.union(["status", "destination", "arrival_date"])) { call throws(SimError) in
                let status = try call.params.oneOf("status", statuses)
                let destination = try call.params.string("destination")
                let created = try SimCreatedFilter.parse(call.params)
                let items = call.state.list(type: "payout", scope: call.scope) { payout in
                    (status == nil || payout["status"]?.stringValue == status)
                        && (destination == nil || payout["destination"]?.stringValue == destination)
                        && (created?.matches(payout["created"]?.intValue ?? 0) ?? true)
                }
                return try SimList.page(items, url: "/v1/payouts", params: call.params)
            })
    }

    private static func create(_ call: SimCall) throws(SimError) -> JSONValue {
        let params = call.params
        let amount = try params.requiredInt("amount")
        guard amount > 0 else {
            throw SimError.invalidRequest("Invalid positive integer", param: "amount", code: "parameter_invalid_integer")
        }
        let currency = try params.requiredString("currency").lowercased()
        if try params.oneOf("method", ["standard", "instant"]) == "instant" {
            throw SimError.invalidRequest(
                "This bank account does not support instant payouts.", param: "method", code: "instant_payouts_unsupported")
        }
        _ = try params.oneOf("source_type", ["bank_account", "card", "fpx"])
        let account = call.account.flatMap { call.state.get($0, scope: SimState.platform) }
        let banks = (account?.value(at: "external_accounts.data")?.arrayValue ?? []).filter {
            $0["currency"]?.stringValue == currency && $0["status"] != "errored"
        }
        let bank: JSONValue
        if let destination = try params.string("destination") {
            guard let chosen = banks.first(where: { $0["id"]?.stringValue == destination }) else {
                throw SimError.missingResource("external account", destination, param: "destination")
            }
            bank = chosen
        } else {
            guard let chosen = banks.first(where: { $0["default_for_currency"] == true }) ?? banks.first else {
                throw SimError.invalidRequest(
                    "You don't have any external accounts in that currency (\(currency)).", param: "currency")
            }
            bank = chosen
        }
        let available = SimBalance.compute(state: call.state, scope: call.scope, now: call.now).available[currency] ?? 0
        guard amount <= available else {
            throw SimError.invalidRequest(
                "You have insufficient funds in your Stripe account for this payout: \(available) \(currency) available.",
                param: "amount", code: "balance_insufficient")
        }
        return PayoutMachine.create(
            call: call, amount: amount, currency: currency, bank: bank, automatic: false,
            description: try params.string("description"), metadata: try params.metadata() ?? [:],
            statementDescriptor: try params.string("statement_descriptor"))
    }
}
