import HTTPServer

/// `/v1/disputes`: retrieve, list (filters `charge`, `payment_intent`), update (evidence,
/// `submit`, `metadata`) and close. See https://docs.stripe.com/api/disputes and
/// ``DisputeMachine`` for the life of a dispute.
enum DisputeEndpoints {
    /// Stripe's evidence fields (https://docs.stripe.com/api/disputes/update#update_dispute-evidence).
    static let evidenceFields: [String] = [
        "access_activity_log", "billing_address", "cancellation_policy", "cancellation_policy_disclosure",
        "cancellation_rebuttal", "customer_communication", "customer_email_address", "customer_name",
        "customer_purchase_ip", "customer_signature", "duplicate_charge_documentation", "duplicate_charge_explanation",
        "duplicate_charge_id", "product_description", "receipt", "refund_policy", "refund_policy_disclosure",
        "refund_refusal_explanation", "service_date", "service_documentation", "shipping_address", "shipping_carrier",
        "shipping_date", "shipping_documentation", "shipping_tracking_number", "uncategorized_file", "uncategorized_text",
    ]
    /// The evidence fields that take the id of an uploaded File (`file_…`) rather than text.
    static let fileFields: Set<String> = [
        "cancellation_policy", "customer_communication", "customer_signature", "duplicate_charge_documentation",
        "receipt", "refund_policy", "service_documentation", "shipping_documentation", "uncategorized_file",
    ]
    /// Stripe's limit on the combined length of the text evidence.
    static let evidenceCharacterLimit = 150_000

    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add(
            "GET", "/v1/disputes/:id",
            Endpoint([]) { call throws(SimError) in
                try call.state.require(call.id(), type: "dispute", scope: call.scope)
            })
        paths.add(
            "GET", "/v1/disputes",
            Endpoint(SimList.parameters.union(["charge", "payment_intent"])) { call throws(SimError) in
                let charge = try call.params.string("charge")
                let pi = try call.params.string("payment_intent")
                let items = call.state.list(type: "dispute", scope: call.scope) { dispute in
                    (charge == nil || dispute["charge"]?.stringValue == charge)
                        && (pi == nil || dispute["payment_intent"]?.stringValue == pi)
                }
                return try SimList.page(items, url: "/v1/disputes", params: call.params)
            })
        paths.add("POST", "/v1/disputes/:id", Endpoint(["evidence", "metadata", "submit"], update))
        paths.add(
            "POST", "/v1/disputes/:id/close",
            Endpoint([]) { call throws(SimError) in
                var dispute = try open(call)
                let inquiry = (dispute["status"]?.stringValue ?? "").hasPrefix("warning_")
                DisputeMachine.close(call: call, dispute: &dispute, status: inquiry ? "warning_closed" : "lost")
                return dispute
            })
    }

    /// The dispute of the path, refused with 400 once it is closed.
    private static func open(_ call: SimCall) throws(SimError) -> JSONValue {
        let dispute = try call.state.require(call.id(), type: "dispute", scope: call.scope)
        let status = dispute["status"]?.stringValue ?? ""
        guard !DisputeMachine.closedStatuses.contains(status) else {
            throw SimError.invalidRequest("This dispute is already closed (status \(status)).", param: nil)
        }
        return dispute
    }

    private static func update(_ call: SimCall) throws(SimError) -> JSONValue {
        var dispute = try open(call)
        let old = dispute
        let status = dispute["status"]?.stringValue ?? ""
        let submit = try call.params.bool("submit") ?? false
        if submit || call.params.has("evidence"), ["under_review", "warning_under_review"].contains(status) {
            throw SimError.invalidRequest(
                "This dispute is under review: its evidence was already submitted and cannot be changed.", param: "evidence")
        }
        if let given = try call.params.hash("evidence", allowed: Set(evidenceFields)) {
            var evidence = dispute["evidence"] ?? [:]
            for field in evidenceFields where given.has(field) {
                let value = try given.string(field) ?? ""
                if fileFields.contains(field), !value.isEmpty, !value.hasPrefix("file_") {
                    throw SimError.invalidRequest("No such file upload: '\(value)'", param: "evidence[\(field)]", code: "resource_missing")
                }
                evidence[field] = value.isEmpty ? .null : .string(value)
            }
            let length = evidenceFields.filter { !fileFields.contains($0) }.reduce(0) { $0 + (evidence[$1]?.stringValue?.count ?? 0) }
            guard length <= evidenceCharacterLimit else {
                throw SimError.invalidRequest(
                    "The combined character count of all evidence fields is limited to \(evidenceCharacterLimit).", param: "evidence")
            }
            dispute["evidence"] = evidence
            let hasEvidence = evidenceFields.contains { (evidence[$0] ?? .null) != .null }
            dispute["evidence_details"]?["has_evidence"] = .bool(hasEvidence)
        }
        if let metadata = try call.params.metadata() { dispute["metadata"] = metadata }
        if submit {
            dispute["status"] = status.hasPrefix("warning_") ? "warning_under_review" : "under_review"
            let submissions = dispute.value(at: "evidence_details.submission_count")?.intValue ?? 0
            dispute["evidence_details"]?["submission_count"] = .int(submissions + 1)
            dispute["evidence_details"]?["submission_method"] = "manual"
            let text = dispute.value(at: "evidence.uncategorized_text")?.stringValue ?? ""
            if text.contains("winning_evidence") || text.contains("losing_evidence") {
                call.state.schedule(
                    after: DisputeMachine.reviewSeconds,
                    .resolveDispute(scope: call.scope, dispute: call.id(), won: text.contains("winning_evidence")))
            }
        }
        call.state.replace(dispute)
        call.emit("charge.dispute.updated", dispute, previous: SimState.previousAttributes(old: old, new: dispute))
        return dispute
    }
}
