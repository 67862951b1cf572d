/// Disputes on charges paid with Stripe's dispute test cards
/// (https://docs.stripe.com/testing#disputes), on the simulator's clock:
/// 1. a captured charge paid with 4000 0000 0000 0259 (fraudulent), 2685 (product not
///    received) or 1976 (inquiry) is disputed at once after its own events: the dispute
///    (`dp_…`) is `needs_response` (`warning_needs_response` for an inquiry), evidence due
///    ``evidenceWindowSeconds`` later at the end of that UTC day; `charge.dispute.created`,
///    and for a chargeback the withdrawal (amount plus the ``disputeFee``) as a balance
///    transaction and `charge.dispute.funds_withdrawn`;
/// 2. evidence submitted (`submit=true`) moves it to `under_review` (`warning_under_review`)
///    with `charge.dispute.updated`; Stripe's test values decide the outcome
///    ``reviewSeconds`` later: `uncategorized_text` containing `winning_evidence` wins
///    (`won`, or `warning_closed` for an inquiry; a chargeback's amount is reinstated with
///    `charge.dispute.funds_reinstated`), `losing_evidence` loses (`lost`; an inquiry's funds
///    are withdrawn then); either way `charge.dispute.closed`. Other evidence stays under review;
/// 3. `POST /v1/disputes/:id/close` accepts the loss at once (`lost`, `warning_closed` for an
///    inquiry) with `charge.dispute.closed`.
enum DisputeMachine {
    /// What a dispute test card opens.
    struct Trigger: Sendable, Equatable {
        /// Stripe's `reason`.
        var reason: String
        /// An inquiry (`warning_*` statuses, no funds withdrawn) rather than a chargeback.
        var inquiry: Bool
    }

    /// Stripe's dispute fee withdrawn with a chargeback (USD 15.00, in cents).
    static let disputeFee = 1500
    /// Time from the dispute to its evidence deadline (7 days, then the end of that UTC day).
    static let evidenceWindowSeconds = 7 * 86_400
    /// Simulated seconds between the submission of Stripe's test evidence and the decision.
    static let reviewSeconds = 60.0
    /// Statuses in which the dispute takes no more evidence and cannot be closed.
    static let closedStatuses: Set<String> = ["won", "lost", "warning_closed", "prevented"]

    /// Schedules the dispute a captured charge paid with a dispute test card opens (now, on
    /// the simulator's clock, so after the charge's own events).
    static func scheduleIfTestCard(call: SimCall, charge: JSONValue) {
        guard trigger(call: call, charge: charge) != nil, let id = charge["id"]?.stringValue else { return }
        call.state.schedule(after: 0, .openDispute(scope: call.scope, charge: id))
    }

    /// The dispute test card behind `charge`'s PaymentMethod, if any.
    static func trigger(call: SimCall, charge: JSONValue) -> Trigger? {
        charge["payment_method"]?.stringValue
            .flatMap { call.state.secrets[TestPaymentMethod.annotationKey($0)] }
            .flatMap { TestPaymentMethod.byName[$0] }?.dispute
    }

    /// Opens the dispute of `chargeId` (scheduled by ``scheduleIfTestCard(call:charge:)``).
    static func open(call: SimCall, chargeId: String) {
        guard var charge = call.state.get(chargeId, scope: call.scope), charge["disputed"] != true,
            let trigger = trigger(call: call, charge: charge)
        else { return }
        let now = call.now
        let due = (now + evidenceWindowSeconds) / 86_400 * 86_400 + 86_399
        // Every evidence field unset, and no enhanced evidence (Visa Compelling Evidence 3.0 and
        // the compliance disputes are not simulated: `enhanced_eligibility_types` is empty).
        var evidence = Dictionary(uniqueKeysWithValues: DisputeEndpoints.evidenceFields.map { ($0, JSONValue.null) })
        evidence["enhanced_evidence"] = [:]
        var dispute: JSONValue = [
            "id": .string(SimIDs.make("dp")), "object": "dispute", "amount": charge["amount_captured"] ?? 0,
            "balance_transactions": [], "charge": .string(chargeId), "created": .int(now), "currency": charge["currency"] ?? "usd",
            "enhanced_eligibility_types": [], "evidence": .object(evidence),
            "evidence_details": [
                "due_by": .int(due), "enhanced_eligibility": [:], "has_evidence": false, "past_due": false, "submission_count": 0,
                "submission_method": "not_submitted",
            ],
            "is_charge_refundable": .bool(trigger.inquiry), "livemode": false, "metadata": [:],
            "payment_intent": charge["payment_intent"] ?? nil,
            "payment_method_details": [
                "type": "card",
                "card": [
                    "brand": charge.value(at: "payment_method_details.card.brand") ?? "visa",
                    "network": charge.value(at: "payment_method_details.card.network") ?? charge.value(at: "payment_method_details.card.brand")
                        ?? "visa",
                    "case_type": trigger.inquiry ? "inquiry" : "chargeback",
                    "network_reason_code": trigger.reason == "product_not_received" ? "13.1" : "10.4",
                ],
            ],
            "reason": .string(trigger.reason),
            "status": trigger.inquiry ? "warning_needs_response" : "needs_response",
        ]
        call.state.insert(dispute, scope: call.scope)
        charge["disputed"] = true
        call.state.replace(charge)
        call.emit("charge.dispute.created", dispute)
        if !trigger.inquiry { withdraw(call: call, dispute: &dispute) }
    }

    /// Decides a dispute under review (scheduled when Stripe's test evidence was submitted).
    static func resolve(call: SimCall, disputeId: String, won: Bool) {
        guard var dispute = call.state.get(disputeId, scope: call.scope),
            ["under_review", "warning_under_review"].contains(dispute["status"]?.stringValue ?? "")
        else { return }
        let inquiry = dispute["status"] == "warning_under_review"
        if won {
            if !inquiry { reinstate(call: call, dispute: &dispute) }
        } else if inquiry {
            withdraw(call: call, dispute: &dispute)
        }
        close(call: call, dispute: &dispute, status: won ? (inquiry ? "warning_closed" : "won") : "lost")
    }

    /// Sets a closing status and emits `charge.dispute.closed` (with the previous status).
    static func close(call: SimCall, dispute: inout JSONValue, status: String) {
        let previous: JSONValue = ["status": dispute["status"] ?? nil]
        dispute["status"] = .string(status)
        dispute["is_charge_refundable"] = false
        call.state.replace(dispute)
        call.emit("charge.dispute.closed", dispute, previous: previous)
    }

    /// The withdrawal of the disputed amount plus the dispute fee, `charge.dispute.funds_withdrawn`.
    private static func withdraw(call: SimCall, dispute: inout JSONValue) {
        let amount = dispute["amount"]?.intValue ?? 0
        let txn = balanceTransaction(
            call: call, dispute: dispute, amount: -amount, fee: disputeFee, category: "dispute",
            description: "Chargeback withdrawal for \(dispute["charge"]?.stringValue ?? "")")
        dispute["balance_transactions"] = .array((dispute["balance_transactions"]?.arrayValue ?? []) + [txn])
        call.state.replace(dispute)
        call.emit("charge.dispute.funds_withdrawn", dispute)
    }

    /// The disputed amount returned (the dispute fee is not), `charge.dispute.funds_reinstated`.
    private static func reinstate(call: SimCall, dispute: inout JSONValue) {
        let txn = balanceTransaction(
            call: call, dispute: dispute, amount: dispute["amount"]?.intValue ?? 0, fee: 0, category: "dispute_reversal",
            description: "Chargeback reversal for \(dispute["charge"]?.stringValue ?? "")")
        dispute["balance_transactions"] = .array((dispute["balance_transactions"]?.arrayValue ?? []) + [txn])
        call.state.replace(dispute)
        call.emit("charge.dispute.funds_reinstated", dispute)
    }

    /// A `balance_transaction` of type `adjustment` for the dispute (Stripe's shape).
    private static func balanceTransaction(
        call: SimCall, dispute: JSONValue, amount: Int, fee: Int, category: String, description: String
    ) -> JSONValue {
        let currency = dispute["currency"] ?? "usd"
        let feeDetails: JSONValue =
            fee == 0
            ? [] : [["amount": .int(fee), "application": nil, "currency": currency, "description": "Dispute fee", "type": "stripe_fee"]]
        return [
            "id": .string(SimIDs.make("txn")), "object": "balance_transaction", "amount": .int(amount),
            "available_on": .int(call.now), "balance_type": "payments", "created": .int(call.now), "currency": currency,
            "description": .string(description),
            "exchange_rate": nil, "fee": .int(fee), "fee_details": feeDetails, "net": .int(amount - fee),
            "reporting_category": .string(category), "source": dispute["id"] ?? nil, "status": "available", "type": "adjustment",
        ]
    }
}
