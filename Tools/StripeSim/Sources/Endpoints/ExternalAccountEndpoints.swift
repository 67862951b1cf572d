import HTTPServer

/// `/v1/accounts/:id/external_accounts` (list, retrieve, update, delete of the connected
/// account's bank accounts; `account.external_account.updated` and `.deleted` on the
/// connected account). Bank accounts are added by `external_account` on the account itself
/// (``ExternalAccounts``). See https://docs.stripe.com/api/external_account_bank_accounts.
///
/// Update takes what Stripe lets a platform change on a bank account: `account_holder_name`,
/// `account_holder_type` (`individual`, `company`), `default_for_currency` (only `true`:
/// the others of the currency lose it) and `metadata`. Delete follows Stripe's rule: the
/// default bank account of a currency can be deleted only when it is the last one of that
/// currency and the currency is not the account's `default_currency`; otherwise another
/// must be made the default first (400, `param: default_for_currency`; the wording is the
/// simulator's own).
enum ExternalAccountEndpoints {
    static let writable: Set<String> = ["account_holder_name", "account_holder_type", "default_for_currency", "metadata"]

    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add(
            "GET", "/v1/accounts/:id/external_accounts",
            Endpoint(SimList.parameters.union(["object"])) { call throws(SimError) in
                let account = try AccountEndpoints.visible(call, call.id())
                return try SimList.page(
                    banks(account), url: "/v1/accounts/\(call.id())/external_accounts", params: call.params)
            })
        paths.add(
            "GET", "/v1/accounts/:id/external_accounts/:bank",
            Endpoint([]) { call throws(SimError) in
                try bank(call, in: try AccountEndpoints.visible(call, call.id()))
            })
        paths.add(
            "POST", "/v1/accounts/:id/external_accounts/:bank",
            Endpoint(writable) { call throws(SimError) in
                var account = try AccountEndpoints.visible(call, call.id())
                var bank = try bank(call, in: account)
                for key in ["account_holder_name"] {
                    if let value = try call.params.string(key) { bank[key] = .string(value) }
                }
                if let type = try call.params.string("account_holder_type") {
                    guard ["individual", "company"].contains(type) else {
                        throw SimError.invalidRequest(
                            "Invalid account_holder_type: must be one of individual or company", param: "account_holder_type",
                            code: "parameter_invalid_string")
                    }
                    bank["account_holder_type"] = .string(type)
                }
                if let metadata = try call.params.metadata() { bank["metadata"] = metadata }
                if let makeDefault = try call.params.bool("default_for_currency") {
                    guard makeDefault else {
                        throw SimError.invalidRequest(
                            "default_for_currency can only be set to true: make another bank account the default instead",
                            param: "default_for_currency")
                    }
                    bank["default_for_currency"] = true
                }
                store(bank, in: &account, call: call)
                call.state.emit(
                    "account.external_account.updated", bank, scope: call.id(), requestId: call.requestId,
                    idempotencyKey: call.idempotencyKey)
                return bank
            })
        paths.add(
            "DELETE", "/v1/accounts/:id/external_accounts/:bank",
            Endpoint([]) { call throws(SimError) in
                var account = try AccountEndpoints.visible(call, call.id())
                let bank = try bank(call, in: account)
                let currency = bank["currency"]?.stringValue
                let sameCurrency = banks(account).filter { $0["currency"]?.stringValue == currency }
                if bank["default_for_currency"]?.boolValue == true,
                    sameCurrency.count > 1 || account["default_currency"]?.stringValue == currency
                {
                    throw SimError.invalidRequest(
                        "You cannot delete the default bank account for this currency: make another bank account the default "
                            + "(default_for_currency=true) first", param: "default_for_currency")
                }
                var list = account["external_accounts"] ?? ["object": "list", "data": [], "has_more": false]
                let data = banks(account).filter { $0["id"] != bank["id"] }
                list["data"] = .array(data)
                account["external_accounts"] = list
                call.state.replace(account)
                call.state.emit(
                    "account.external_account.deleted", bank, scope: call.id(), requestId: call.requestId,
                    idempotencyKey: call.idempotencyKey)
                // Stripe's `deleted_bank_account`: `id`, `object`, `deleted`, `currency`.
                return ["id": bank["id"] ?? nil, "object": bank["object"] ?? "bank_account", "deleted": true, "currency": bank["currency"] ?? nil]
            })
    }

    private static func banks(_ account: JSONValue) -> [JSONValue] {
        account.value(at: "external_accounts.data")?.arrayValue ?? []
    }

    private static func bank(_ call: SimCall, in account: JSONValue) throws(SimError) -> JSONValue {
        guard let bank = banks(account).first(where: { $0["id"]?.stringValue == call.id("bank") }) else {
            throw SimError.missingResource("external account", call.id("bank"))
        }
        return bank
    }

    /// Writes `bank` back into the account's list (the only default of its currency when it is one).
    private static func store(_ bank: JSONValue, in account: inout JSONValue, call: SimCall) {
        var list = account["external_accounts"] ?? ["object": "list", "data": [], "has_more": false]
        let makesDefault = bank["default_for_currency"]?.boolValue == true
        list["data"] = .array(
            banks(account).map { item in
                if item["id"] == bank["id"] { return bank }
                var item = item
                if makesDefault, item["currency"] == bank["currency"] { item["default_for_currency"] = false }
                return item
            })
        account["external_accounts"] = list
        call.state.replace(account)
    }
}
