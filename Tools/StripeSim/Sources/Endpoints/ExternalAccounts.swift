/// Bank accounts for payouts (`external_account` on an account: a test token such as
/// `btok_us_verified`, or `external_account[object]=bank_account` with the details). See
/// https://docs.stripe.com/connect/testing#account-numbers and https://docs.stripe.com/api/external_account_bank_accounts.
enum ExternalAccounts {
    /// The bank account a parameter describes, or Stripe's error.
    static func bankAccount(_ params: Params, accountId: String, currency: String, country: String) throws(SimError) -> JSONValue? {
        guard params.has("external_account") else { return nil }
        let id = SimIDs.make("ba")
        var bank: JSONValue = [
            "id": .string(id), "object": "bank_account", "account": .string(accountId), "account_holder_name": nil,
            "account_holder_type": nil, "bank_name": "STRIPE TEST BANK", "country": .string(country),
            "currency": .string(currency), "default_for_currency": true, "fingerprint": .string(SimIDs.make("fp", length: 16)),
            "last4": "6789", "metadata": [:], "routing_number": "110000000", "status": "new",
        ]
        if let token = try? params.string("external_account") {
            // Stripe's test bank tokens: btok_us_verified and its variants, btok_<country>.
            let known =
                token == "btok_us_verified" || token.hasPrefix("btok_us_verified_")
                || (token.count == 7 && token.hasPrefix("btok_"))
            guard known else { throw SimError.missingResource("token", token, param: "external_account") }
            if token.count == 7 { bank["country"] = .string(String(token.suffix(2)).uppercased()) }
            return bank
        }
        guard
            let details = try params.hash(
                "external_account",
                allowed: [
                    "object", "country", "currency", "account_number", "routing_number", "account_holder_name", "account_holder_type",
                ])
        else { return nil }
        guard try details.string("object") == "bank_account" else {
            throw SimError.invalidRequest("Invalid external_account object: must be bank_account", param: "external_account[object]")
        }
        let number = try details.requiredString("account_number")
        bank["last4"] = .string(String(number.suffix(4)))
        bank["country"] = .string(try details.requiredString("country"))
        bank["currency"] = .string(try details.requiredString("currency"))
        bank["routing_number"] = .optional(try details.string("routing_number"))
        bank["account_holder_name"] = .optional(try details.string("account_holder_name"))
        bank["account_holder_type"] = .optional(try details.string("account_holder_type"))
        return bank
    }

    /// Adds `bank` to the account's `external_accounts` list (the default for its currency).
    static func attach(_ bank: JSONValue, to account: inout JSONValue) {
        var list = account["external_accounts"] ?? ["object": "list", "data": [], "has_more": false]
        var data = (list["data"]?.arrayValue ?? []).map { item -> JSONValue in
            var item = item
            if item["currency"] == bank["currency"] { item["default_for_currency"] = false }
            return item
        }
        data.insert(bank, at: 0)
        list["data"] = .array(data)
        account["external_accounts"] = list
    }
}
