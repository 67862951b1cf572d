/// Charge and ApplicationFee JSON (shapes of Stripe's `charge` and `application_fee` examples).
enum ChargeObjects {
    /// A charge for `pi` paid with `method`. `status` is `succeeded`, `pending` or `failed`.
    static func make(
        call: SimCall, pi: JSONValue, method: JSONValue, behaviour: TestPaymentMethod,
        status: String, captured: Bool, failure: (code: String, declineCode: String, message: String)? = nil
    ) -> JSONValue {
        let id = SimIDs.make("ch")
        let amount = pi["amount"]?.intValue ?? 0
        let overcaptureMax = amount * 6 / 5
        var details: JSONValue = ["type": .string(behaviour.type)]
        switch behaviour.type {
        case "card_present":
            details["card_present"] = [
                "brand": .string(behaviour.brand), "country": .string(behaviour.country), "last4": .string(behaviour.last4),
                "exp_month": 12, "exp_year": 2030, "funding": "credit", "read_method": "contactless_emv",
                "overcapture_supported": .bool(behaviour.country == "US"), "network": .string(behaviour.brand),
                "amount_authorized": .int(amount),
                "incremental_authorization_supported": .bool(
                    PaymentIntentIncrement.requested(pi)
                        && TestPaymentMethod.incrementalBrands.contains(behaviour.brand)),
                "receipt": ["application_preferred_name": nil, "authorization_code": "123456"],
            ]
        case "interac_present":
            details["interac_present"] = [
                "brand": .string(behaviour.brand), "country": .string(behaviour.country), "last4": .string(behaviour.last4),
                "exp_month": 12, "exp_year": 2030, "funding": "debit", "read_method": "contact_emv", "network": "interac",
                "receipt": ["application_preferred_name": "Interac", "authorization_code": "123456", "account_type": "checking"],
            ]
        case "sepa_debit":
            details["sepa_debit"] = method["sepa_debit"] ?? [:]
        case "us_bank_account":
            details["us_bank_account"] = method["us_bank_account"] ?? [:]
        case "link":
            details["link"] = ["country": "US"]
        case let type where RedirectPaymentMethod.byType[type] != nil:
            details[type] = method[type] ?? [:]
        default:
            let requested = pi.value(at: "payment_method_options.card.request_overcapture") == "if_available"
            details["card"] = [
                "brand": .string(behaviour.brand), "country": .string(behaviour.country), "last4": .string(behaviour.last4),
                "exp_month": 12, "exp_year": 2030, "funding": "credit", "network": .string(behaviour.brand),
                "amount_authorized": .int(amount),
                "checks": ["address_line1_check": nil, "address_postal_code_check": nil, "cvc_check": "pass"],
                "overcapture": [
                    "maximum_amount_capturable": .int(requested ? overcaptureMax : amount),
                    "status": requested ? "available" : "unavailable",
                ],
            ]
        }
        let paid = status != "failed"
        return [
            "id": .string(id), "object": "charge", "amount": .int(amount),
            "amount_captured": .int(captured && paid ? amount : 0), "amount_refunded": 0,
            "application": nil, "application_fee": nil, "application_fee_amount": pi["application_fee_amount"] ?? nil,
            "balance_transaction": paid ? .string(SimIDs.make("txn")) : nil,
            "billing_details": method["billing_details"] ?? nil, "captured": .bool(captured && paid),
            "created": .int(call.now), "currency": pi["currency"] ?? "usd", "customer": pi["customer"] ?? nil,
            "description": pi["description"] ?? nil, "disputed": false,
            "failure_code": .optional(failure?.code), "failure_message": .optional(failure?.message),
            "livemode": false, "metadata": pi["metadata"] ?? [:], "on_behalf_of": pi["on_behalf_of"] ?? nil,
            "outcome": failure.map { f in
                [
                    "network_status": "declined_by_network", "reason": .string(f.declineCode), "risk_level": "normal",
                    "seller_message": "The bank did not return any further details with this decline.", "type": "issuer_declined",
                ]
            } ?? [
                "network_status": "approved_by_network", "reason": nil, "risk_level": "normal",
                "seller_message": "Payment complete.", "type": "authorized",
            ],
            "paid": .bool(paid && status == "succeeded"), "payment_intent": pi["id"] ?? nil, "payment_method": method["id"] ?? nil,
            "payment_method_details": details, "receipt_email": pi["receipt_email"] ?? nil, "refunded": false,
            "refunds": ["object": "list", "data": [], "has_more": false, "url": .string("/v1/charges/\(id)/refunds")],
            "status": .string(status), "calculated_statement_descriptor": "STRIPE SIM", "failure_balance_transaction": nil,
            "fraud_details": [:], "receipt_number": nil, "receipt_url": .string("\(call.state.baseURL)/sim/receipts/\(id)"),
            "review": nil, "shipping": nil, "source": nil, "source_transfer": nil,
            "statement_descriptor": pi["statement_descriptor"] ?? nil, "statement_descriptor_suffix": pi["statement_descriptor_suffix"] ?? nil,
            "transfer_data": pi["transfer_data"] ?? nil, "transfer_group": pi["transfer_group"] ?? nil,
        ]
    }

    /// Creates the platform's ApplicationFee for a captured direct charge on a connected
    /// account and links it from the charge. Emits `application_fee.created` on the platform.
    static func collectApplicationFee(call: SimCall, charge: inout JSONValue, amount: Int) {
        guard let account = call.account, amount > 0 else { return }
        let id = SimIDs.make("fee")
        let fee: JSONValue = [
            "id": .string(id), "object": "application_fee", "account": .string(account), "amount": .int(amount),
            "amount_refunded": 0, "application": "ca_stripesim", "balance_transaction": .string(SimIDs.make("txn")),
            "charge": charge["id"] ?? nil, "created": .int(call.now), "currency": charge["currency"] ?? "usd",
            "fee_source": ["charge": charge["id"] ?? nil, "type": "charge"], "livemode": false,
            "originating_transaction": nil, "refunded": false,
            "refunds": ["object": "list", "data": [], "has_more": false, "url": .string("/v1/application_fees/\(id)/refunds")],
        ]
        call.state.insert(fee, scope: SimState.platform)
        call.state.emit(
            "application_fee.created", fee, scope: SimState.platform, requestId: call.requestId,
            idempotencyKey: call.idempotencyKey)
        charge["application_fee"] = .string(id)
        charge["application_fee_amount"] = .int(amount)
    }
}
