public import Messages

/// What one domain event asks to be sent: the template, its fields, and the facts the
/// send record and the `notifications.email.*` events carry. Built by the handlers from
/// the event; pure data. Thread-safe value type.
public struct EmailRequest: Sendable, Equatable {
    /// Which message.
    public var template: EmailTemplate
    /// The address given by the event, if any. Without one, a buyer's address is asked of
    /// Stripe (``paymentIntent``, see ``BuyerEmail``) and a seller's of the recipients
    /// table (``EmailTemplate/audience``).
    public var recipient: String?
    /// The connected account it concerns.
    public var account: String?
    /// The order it concerns, if any.
    public var orderReference: String?
    /// The order's PaymentIntent (`pi_…`, on ``account``), if any.
    public var paymentIntent: String?
    /// Template fields by name.
    public var fields: [String: String]

    /// Creates a request.
    public init(
        template: EmailTemplate, recipient: String?, account: String?, orderReference: String?,
        paymentIntent: String? = nil, fields: [String: String]
    ) {
        self.template = template
        self.recipient = recipient
        self.account = account
        self.orderReference = orderReference
        self.paymentIntent = paymentIntent
        self.fields = fields
    }

    /// A buyer's message about an order: the order reference, the amount formatted in its
    /// currency (`amount` in the smallest unit) and the upper-case currency, plus `extra`.
    private static func buyerOrder(
        _ template: EmailTemplate, recipient: String?, account: String?, orderReference: String, paymentIntent: String?,
        amount: Int, currency: String, extra: [String: String] = [:]
    ) -> EmailRequest {
        var fields = [
            "order_reference": orderReference,
            "amount": MoneyFormatter.format(amount: amount, currency: currency),
            "currency": currency.uppercased(),
        ]
        fields.merge(extra) { _, new in new }
        return EmailRequest(
            template: template, recipient: recipient, account: account, orderReference: orderReference,
            paymentIntent: paymentIntent, fields: fields)
    }

    /// The order confirmation for `payments.order.paid`.
    public static func orderPaid(_ event: OrderPaid) -> EmailRequest {
        buyerOrder(
            .orderConfirmation, recipient: event.customerEmail, account: event.account, orderReference: event.orderReference,
            paymentIntent: event.paymentIntent, amount: event.amount, currency: event.currency)
    }

    /// "Payment failed, please order again" for `payments.order.payment_failed`.
    public static func paymentFailed(_ event: OrderPaymentFailed) -> EmailRequest {
        buyerOrder(
            .paymentFailed, recipient: event.customerEmail, account: event.account, orderReference: event.orderReference,
            paymentIntent: event.paymentIntent, amount: event.amount, currency: event.currency,
            extra: ["reason": event.failureMessage ?? "the payment was not completed"])
    }

    /// "Please confirm your payment" for `payments.order.requires_action`, with the
    /// platform's link (never a client secret: the event carries none).
    public static func authenticationRequired(_ event: OrderRequiresAction) -> EmailRequest {
        buyerOrder(
            .authenticationRequired, recipient: event.customerEmail, account: event.account, orderReference: event.orderReference,
            paymentIntent: event.paymentIntent, amount: event.amount, currency: event.currency,
            extra: ["authentication_url": event.authenticationUrl ?? "the shop's order page"])
    }

    /// "Payment received, confirming with your bank" for `payments.order.awaiting_payment`
    /// (a delayed method is processing; the paid or failed message follows).
    public static func paymentProcessing(_ event: OrderAwaitingPayment) -> EmailRequest {
        buyerOrder(
            .paymentProcessing, recipient: event.customerEmail, account: event.account, orderReference: event.orderReference,
            paymentIntent: event.paymentIntent, amount: event.amount, currency: event.currency,
            extra: ["method": PaymentMethodName.text(event.paymentMethodType)])
    }

    /// A seller's message about a dispute on an order: the order reference, the amount in its
    /// currency, Stripe's reason in words and the evidence deadline as a UTC date, plus `extra`.
    /// No recipient: the seller's address comes from the recipients table (never the buyer's).
    private static func sellerDispute(
        _ template: EmailTemplate, account: String, orderReference: String, amount: Int, currency: String, reason: String,
        dueBy: Int?, extra: [String: String]
    ) -> EmailRequest {
        var fields = [
            "order_reference": orderReference,
            "amount": MoneyFormatter.format(amount: amount, currency: currency),
            "reason": reason.replacing("_", with: " "),
            "due_by": dueBy.map(UTCDateText.format) ?? "the date shown in your dashboard",
        ]
        fields.merge(extra) { _, new in new }
        return EmailRequest(template: template, recipient: nil, account: account, orderReference: orderReference, fields: fields)
    }

    /// "A payment was disputed" for `payments.dispute.opened`, to the seller.
    public static func disputeOpened(_ event: DisputeOpened) -> EmailRequest {
        let funds =
            event.status == .warningNeedsResponse
            ? "It is an inquiry for now: no money has been taken from your balance."
            : "The amount and the bank's dispute fee have been taken from your balance until the dispute is decided."
        return sellerDispute(
            .disputeOpened, account: event.account, orderReference: event.orderReference, amount: event.amount,
            currency: event.currency, reason: event.reason, dueBy: event.evidenceDueBy, extra: ["funds": funds])
    }

    /// "Evidence is due soon" for `payments.dispute.evidence_due_soon`, to the seller.
    public static func disputeEvidenceDue(_ event: DisputeEvidenceDueSoon) -> EmailRequest {
        let draft =
            event.hasEvidence
            ? "You have started a draft of your evidence but not submitted it yet."
            : "No evidence has been submitted yet."
        return sellerDispute(
            .disputeEvidenceDue, account: event.account, orderReference: event.orderReference, amount: event.amount,
            currency: event.currency, reason: event.reason, dueBy: event.evidenceDueBy, extra: ["draft": draft])
    }

    /// "Finish setting up your account" for `onboarding.account.requirements_due`: what is
    /// past due, due now and (when the event announces a coming change) due later, and the
    /// deadline (the earlier of `current_deadline` and `future_deadline`) as a UTC date.
    public static func requirementsDue(_ event: AccountRequirementsDue) -> EmailRequest {
        var due = event.pastDue
        for field in event.currentlyDue + (event.futureDue ?? []) where !due.contains(field) { due.append(field) }
        let deadline =
            event.deadline.map { "Please provide it by \(UTCDateText.format($0)); after that Stripe may pause charges or payouts." }
            ?? "Charges and payouts stay paused until it is provided."
        return EmailRequest(
            template: .onboardingIncomplete, recipient: event.email, account: event.account,
            orderReference: nil,
            fields: [
                "account": event.account,
                "seller_reference": event.sellerReference ?? event.account,
                "requirements": due.isEmpty
                    ? "(none listed)"
                    : due.map { "- " + $0 }
                        .joined(separator: "\n"),
                "deadline": deadline,
            ])
    }

    /// "A payout could not be paid to your bank" for `onboarding.payout.failed`, to the seller:
    /// the amount, Stripe's `failure_code` in plain words and what to do, and where to update
    /// the bank account: `updateURL` with `{account}` replaced by the connected account (the
    /// platform's page that signs the seller in and sends them to an account link of type
    /// `account_update`; `SELLER_BANK_UPDATE_URL`), or the seller's dashboard when unset.
    public static func payoutFailed(_ event: PayoutFailed, updateURL: String?) -> EmailRequest {
        let text = PayoutFailureText.text(code: event.payout.failureCode, stripeMessage: event.payout.failureMessage)
        return EmailRequest(
            template: .payoutFailed, recipient: nil, account: event.account, orderReference: nil,
            fields: [
                "amount": MoneyFormatter.format(amount: event.payout.amount, currency: event.payout.currency),
                "failure": text.failure, "what_to_do": text.whatToDo,
                "failure_code": event.payout.failureCode ?? "unknown",
                "update_url": updateURL?.replacing("{account}", with: event.account) ?? "the payout settings of your seller dashboard",
            ])
    }
}
