import HTTPServer

/// `/v1/charges` (retrieve, list), `/v1/refunds` (create up to the amount not yet
/// refunded, retrieve, list) and `/v1/application_fees` (platform only).
/// See https://docs.stripe.com/api/refunds.
enum RefundEndpoints {
    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add(
            "GET", "/v1/charges/:id",
            Endpoint([]) { call throws(SimError) in
                try call.state.require(call.id(), type: "charge", scope: call.scope)
            })
        // Stripe's charge update: `description`, `metadata`, `receipt_email`, `transfer_group`,
        // `fraud_details[user_report]` (`fraudulent` or `safe`) → `charge.updated`. (Stripe's
        // `customer` and `shipping` are not simulated: `parameter_unknown`.)
        paths.add(
            "POST", "/v1/charges/:id",
            Endpoint(["description", "metadata", "receipt_email", "transfer_group", "fraud_details"]) { call throws(SimError) in
                let old = try call.state.require(call.id(), type: "charge", scope: call.scope)
                var charge = old
                try SimUpdate.apply(call.params, to: &charge, strings: ["description", "receipt_email", "transfer_group"])
                if let report = try call.params.hash("fraud_details", allowed: ["user_report"])?.oneOf("user_report", ["fraudulent", "safe"]) {
                    charge["fraud_details"] = ["user_report": .string(report)]
                }
                call.state.replace(charge)
                call.emit("charge.updated", charge, previous: SimState.previousAttributes(old: old, new: charge))
                return charge
            })
        paths.add(
            "GET", "/v1/charges",
            Endpoint(SimList.parameters.union(["payment_intent", "customer"])) { call throws(SimError) in
                let pi = try call.params.string("payment_intent")
                let items = call.state.list(type: "charge", scope: call.scope) { pi == nil || $0["payment_intent"]?.stringValue == pi }
                return try SimList.page(items, url: "/v1/charges", params: call.params)
            })
        paths.add(
            "POST", "/v1/refunds",
            Endpoint(
                ["charge", "payment_intent", "amount", "reason", "metadata", "refund_application_fee", "reverse_transfer", "instructions_email"],
                create))
        paths.add(
            "GET", "/v1/refunds/:id",
            Endpoint([]) { call throws(SimError) in
                try call.state.require(call.id(), type: "refund", scope: call.scope)
            })
        // Stripe's refund update takes only `metadata` (`refund.updated`).
        paths.add(
            "POST", "/v1/refunds/:id",
            Endpoint(["metadata"]) { call throws(SimError) in
                var refund = try call.state.require(call.id(), type: "refund", scope: call.scope)
                try SimUpdate.apply(call.params, to: &refund)
                call.state.replace(refund)
                call.emit("refund.updated", refund)
                return refund
            })
        paths.add(
            "GET", "/v1/refunds",
            Endpoint(SimList.parameters.union(["charge", "payment_intent"])) { call throws(SimError) in
                let pi = try call.params.string("payment_intent")
                let items = call.state.list(type: "refund", scope: call.scope) { pi == nil || $0["payment_intent"]?.stringValue == pi }
                return try SimList.page(items, url: "/v1/refunds", params: call.params)
            })
        paths.add(
            "GET", "/v1/application_fees",
            Endpoint(SimList.parameters.union(["charge"])) { call throws(SimError) in
                try SimList.page(call.state.list(type: "application_fee", scope: SimState.platform), url: "/v1/application_fees", params: call.params)
            })
        paths.add(
            "GET", "/v1/application_fees/:id",
            Endpoint([]) { call throws(SimError) in
                try call.state.require(call.id(), type: "application_fee", scope: SimState.platform)
            })
    }

    private static func create(_ call: SimCall) throws(SimError) -> JSONValue {
        let params = call.params
        var charge: JSONValue
        if let chargeId = try params.string("charge") {
            charge = try call.state.require(chargeId, type: "charge", scope: call.scope, param: "charge")
        } else if let piId = try params.string("payment_intent") {
            let pi = try call.state.require(piId, type: "payment_intent", scope: call.scope, noun: "payment_intent", param: "payment_intent")
            guard pi["status"] == "succeeded", let chargeId = pi["latest_charge"]?.stringValue,
                let found = call.state.get(chargeId, scope: call.scope)
            else {
                throw SimError.invalidRequest(
                    "This PaymentIntent does not have a successful charge to refund.", param: "payment_intent", code: "charge_not_refundable")
            }
            charge = found
        } else {
            throw SimError.missing("charge")
        }
        guard charge["status"] == "succeeded", charge["captured"] == true else {
            throw SimError.invalidRequest(
                "Charge \(charge["id"]?.stringValue ?? "") has not been captured or did not succeed.", param: "charge", code: "charge_not_refundable")
        }
        let captured = charge["amount_captured"]?.intValue ?? 0
        let alreadyRefunded = charge["amount_refunded"]?.intValue ?? 0
        let uncapturedRelease = max(0, (charge["amount"]?.intValue ?? 0) - captured)
        let remaining = captured - (alreadyRefunded - uncapturedRelease)
        let amount = try params.int("amount") ?? remaining
        guard remaining > 0 else {
            throw SimError.invalidRequest(
                "Charge \(charge["id"]?.stringValue ?? "") has already been refunded.", param: "charge", code: "charge_already_refunded")
        }
        guard amount > 0, amount <= remaining else {
            throw SimError.invalidRequest(
                "Refund amount (\(amount)) is greater than unrefunded amount on charge (\(remaining))", param: "amount", code: "amount_too_large")
        }
        if let reason = try params.string("reason"), !["duplicate", "fraudulent", "requested_by_customer"].contains(reason) {
            throw SimError.invalidRequest("Invalid reason", param: "reason")
        }
        let refund: JSONValue = [
            "id": .string(SimIDs.make("re")), "object": "refund", "amount": .int(amount), "balance_transaction": .string(SimIDs.make("txn")),
            "charge": charge["id"] ?? nil, "created": .int(call.now), "currency": charge["currency"] ?? "usd",
            "metadata": try params.metadata() ?? [:], "payment_intent": charge["payment_intent"] ?? nil,
            "reason": .optional(try params.string("reason")), "receipt_number": nil, "source_transfer_reversal": nil,
            "status": "succeeded", "transfer_reversal": nil, "customer": charge["customer"] ?? nil, "customer_account": nil,
            "payment_method": charge["payment_method"] ?? nil, "destination_details": ["type": "card", "card": ["type": "refund"]],
        ]
        call.state.insert(refund, scope: call.scope)
        if try params.bool("refund_application_fee") == true {
            refundApplicationFee(call: call, charge: charge, amount: amount, all: amount == remaining)
        }
        charge["amount_refunded"] = .int(alreadyRefunded + amount)
        charge["refunded"] = .bool(amount == remaining)
        var refunds = charge["refunds"] ?? [:]
        refunds["data"] = .array([refund] + (refunds["data"]?.arrayValue ?? []))
        charge["refunds"] = refunds
        call.state.replace(charge)
        call.emit("refund.created", refund)
        call.emit("charge.refunded", charge)
        return refund
    }

    /// `refund_application_fee=true` on a direct charge: the platform's ApplicationFee is
    /// refunded in proportion to the refunded amount (all that is left of it when the refund
    /// takes the rest of the charge), as a `fee_refund` (`fr_…`) in its `refunds`, with
    /// `application_fee.refunded` on the platform (https://docs.stripe.com/api/refunds/create).
    private static func refundApplicationFee(call: SimCall, charge: JSONValue, amount: Int, all: Bool) {
        guard let feeId = charge["application_fee"]?.stringValue, var fee = call.state.get(feeId, scope: SimState.platform) else {
            return
        }
        let total = fee["amount"]?.intValue ?? 0
        let refunded = fee["amount_refunded"]?.intValue ?? 0
        let captured = max(1, charge["amount_captured"]?.intValue ?? 1)
        let share = all ? total - refunded : min(total - refunded, (total * amount + captured / 2) / captured)
        guard share > 0 else { return }
        let feeRefund: JSONValue = [
            "id": .string(SimIDs.make("fr")), "object": "fee_refund", "amount": .int(share),
            "balance_transaction": .string(SimIDs.make("txn")), "created": .int(call.now), "currency": fee["currency"] ?? "usd",
            "fee": .string(feeId), "metadata": [:],
        ]
        fee["amount_refunded"] = .int(refunded + share)
        fee["refunded"] = .bool(refunded + share == total)
        var refunds = fee["refunds"] ?? [:]
        refunds["data"] = .array([feeRefund] + (refunds["data"]?.arrayValue ?? []))
        fee["refunds"] = refunds
        call.state.replace(fee)
        call.state.emit(
            "application_fee.refunded", fee, scope: SimState.platform, requestId: call.requestId, idempotencyKey: call.idempotencyKey)
    }
}
