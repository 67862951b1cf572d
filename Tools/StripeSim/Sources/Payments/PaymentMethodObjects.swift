import Foundation
import HTTPServer

/// PaymentMethod JSON (shape of Stripe's `payment_method` example) and
/// `/v1/payment_methods` (create from a test token, card number or IBAN; retrieve; attach:
/// again to the same customer answers the method, to another customer or a consumed method
/// is refused as Stripe does).
enum PaymentMethodObjects {
    static func make(_ method: TestPaymentMethod, call: SimCall, customer: String? = nil) -> JSONValue {
        var object: JSONValue = [
            "id": .string(SimIDs.make("pm")), "object": "payment_method", "allow_redisplay": "unspecified",
            "billing_details": ["address": AccountObjects.nullAddress, "email": nil, "name": nil, "phone": nil],
            "created": .int(call.now), "customer": .optional(customer), "customer_account": nil, "livemode": false, "metadata": [:],
            "type": .string(method.type),
        ]
        switch method.type {
        case "sepa_debit":
            object["sepa_debit"] = [
                "bank_code": "19043", "branch_code": "", "country": .string(method.country),
                "fingerprint": .string(SimIDs.make("fp", length: 16)), "last4": .string(method.last4),
            ]
        case "us_bank_account":
            object["us_bank_account"] = [
                "account_holder_type": "individual", "account_type": "checking", "bank_name": "STRIPE TEST BANK",
                "financial_connections_account": nil, "fingerprint": .string(SimIDs.make("fp", length: 16)),
                "last4": .string(method.last4), "networks": ["preferred": "ach", "supported": ["ach"]],
                "routing_number": "110000000", "status_details": nil,
            ]
        case "link":
            object["link"] = ["email": nil, "persistent_token": nil]
        case "interac_present":
            object["interac_present"] = [
                "brand": .string(method.brand), "country": .string(method.country), "last4": .string(method.last4),
                "exp_month": 12, "exp_year": 2030, "funding": "debit", "read_method": "contact_emv",
            ]
        case "card_present":
            object["card_present"] = [
                "brand": .string(method.brand), "country": .string(method.country), "last4": .string(method.last4),
                "exp_month": 12, "exp_year": 2030, "funding": "credit", "read_method": "contactless_emv",
            ]
        case let type where RedirectPaymentMethod.byType[type] != nil:
            object[type] = RedirectPaymentMethod.byType[type]?.details ?? [:]
        default:
            object["card"] = [
                "brand": .string(method.brand), "country": .string(method.country), "display_brand": .string(method.brand),
                "exp_month": 12, "exp_year": 2030, "funding": "credit", "last4": .string(method.last4),
                "checks": ["address_line1_check": nil, "address_postal_code_check": nil, "cvc_check": "pass"],
                "networks": ["available": .strings([method.brand]), "preferred": nil],
                "three_d_secure_usage": ["supported": true], "wallet": nil,
            ]
        }
        return object
    }

    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add(
            "POST", "/v1/payment_methods",
            Endpoint(["type", "card", "sepa_debit", "us_bank_account", "billing_details", "metadata"]) { call throws(SimError) in
                let type = try call.params.requiredString("type")
                let name: String
                switch type {
                case "card":
                    let card = try call.params.hash("card", allowed: ["token", "number", "exp_month", "exp_year", "cvc"])
                    var key = try card?.string("token")
                    if key == nil { key = try card?.string("number") }
                    guard let key else { throw SimError.missing("card[token]") }
                    if try card?.string("token") == nil, let refusal = CardNumberCheck.error(key) { throw refusal }
                    name = key.filter { !$0.isWhitespace }
                case "sepa_debit":
                    guard let iban = try call.params.hash("sepa_debit", allowed: ["iban"])?.string("iban") else {
                        throw SimError.missing("sepa_debit[iban]")
                    }
                    name = iban.replacingOccurrences(of: " ", with: "")
                case "us_bank_account":
                    let bank = try call.params.hash(
                        "us_bank_account", allowed: ["account_number", "routing_number", "account_holder_type", "account_type"])
                    guard let number = try bank?.string("account_number") else { throw SimError.missing("us_bank_account[account_number]") }
                    guard try bank?.string("routing_number") == "110000000" else {
                        throw SimError.invalidRequest(
                            "Use the test routing number 110000000.", param: "us_bank_account[routing_number]", code: "invalid_bank_account")
                    }
                    name = number
                default:
                    throw SimError.invalidRequest(
                        "The simulator supports PaymentMethods of type card, sepa_debit and us_bank_account.", param: "type")
                }
                guard let behaviour = TestPaymentMethod.byName[name], behaviour.type == type else {
                    let (param, code) =
                        switch type {
                        case "card": ("card[number]", "invalid_number")
                        case "sepa_debit": ("sepa_debit[iban]", "invalid_bank_account_iban")
                        default: ("us_bank_account[account_number]", "invalid_bank_account")
                        }
                    throw SimError.invalidRequest("Unknown test \(type) '\(name)'.", param: param, code: code)
                }
                var object = make(behaviour, call: call)
                if let billing = call.params.json("billing_details") { object["billing_details"] = billing }
                if let metadata = try call.params.metadata() { object["metadata"] = metadata }
                call.state.insert(object, scope: call.scope)
                if let id = object["id"]?.stringValue { call.state.secrets[TestPaymentMethod.annotationKey(id)] = name }
                return object
            })
        // Stripe's PaymentMethod list: those of `customer` (of `type` when given), newest first.
        paths.add(
            "GET", "/v1/payment_methods",
            Endpoint(SimList.parameters.union(["customer", "type", "allow_redisplay"])) { call throws(SimError) in
                let customer = try call.params.string("customer")
                let type = try call.params.string("type")
                let items = call.state.list(type: "payment_method", scope: call.scope) {
                    (customer == nil || $0["customer"]?.stringValue == customer) && (type == nil || $0["type"]?.stringValue == type)
                }
                return try SimList.page(items, url: "/v1/payment_methods", params: call.params)
            })
        paths.add(
            "GET", "/v1/payment_methods/:id",
            Endpoint([]) { call throws(SimError) in
                try call.state.require(call.id(), type: "payment_method", scope: call.scope, noun: "PaymentMethod")
            })
        // Stripe's PaymentMethod update: `billing_details` (merged), `metadata`, `allow_redisplay`,
        // `card[exp_month|exp_year]` of a card, only once the method is attached to a customer
        // (Stripe: "You must save this PaymentMethod to a customer before you can update it.")
        // → `payment_method.updated`.
        paths.add(
            "POST", "/v1/payment_methods/:id",
            Endpoint(["billing_details", "metadata", "allow_redisplay", "card"]) { call throws(SimError) in
                let old = try call.state.require(call.id(), type: "payment_method", scope: call.scope, noun: "PaymentMethod")
                guard old["customer"]?.stringValue != nil else {
                    throw SimError.invalidRequest("You must save this PaymentMethod to a customer before you can update it.", param: nil)
                }
                var method = old
                try SimUpdate.apply(call.params, to: &method)
                if let billing = try call.params.hash("billing_details", allowed: ["address", "email", "name", "phone", "tax_id"]) {
                    _ = try billing.hash("address", allowed: ["city", "country", "line1", "line2", "postal_code", "state"])
                    if let given = call.params.json("billing_details") {
                        method["billing_details"] = AccountEndpoints.merge(method["billing_details"], given)
                    }
                }
                if let redisplay = try call.params.oneOf("allow_redisplay", ["always", "limited", "unspecified"]) {
                    method["allow_redisplay"] = .string(redisplay)
                }
                if let card = try call.params.hash("card", allowed: ["exp_month", "exp_year"]) {
                    guard old["type"] == "card" else {
                        throw SimError.invalidRequest("You can only update `card` on a card PaymentMethod.", param: "card")
                    }
                    if let month = try card.int("exp_month") {
                        guard (1...12).contains(month) else {
                            throw SimError.invalidRequest(
                                "Your card's expiration month is invalid.", param: "card[exp_month]", code: "invalid_expiry_month")
                        }
                        method["card"]?["exp_month"] = .int(month)
                    }
                    if let year = try card.int("exp_year") { method["card"]?["exp_year"] = .int(year) }
                }
                call.state.replace(method)
                call.emit("payment_method.updated", method, previous: SimState.previousAttributes(old: old, new: method))
                return method
            })
        paths.add(
            "POST", "/v1/payment_methods/:id/attach",
            Endpoint(["customer"]) { call throws(SimError) in
                var method = try call.state.require(call.id(), type: "payment_method", scope: call.scope, noun: "PaymentMethod")
                let customer = try call.params.requiredString("customer")
                _ = try call.state.require(customer, type: "customer", scope: call.scope, param: "customer")
                if method["customer"]?.stringValue == customer { return method }
                guard method["customer"]?.stringValue == nil else {
                    throw SimError.invalidRequest("The payment method you provided has already been attached to a customer.", param: nil)
                }
                if let refusal = SavedPaymentMethods.reuseRefusal(call: call, method: method) { throw refusal }
                method["customer"] = .string(customer)
                call.state.replace(method)
                call.emit("payment_method.attached", method)
                return method
            })
    }
}
