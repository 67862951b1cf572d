import Messages
import Runtime
import StripeAPI

/// `terminal.create_payment_intent` (Stripe-bound): one PaymentIntent per order reference.
///
/// 0. The regional rules (``RegionalRules``) for the account's country (``AccountStore``, learnt
///    from onboarding's events; an account never announced is fetched once with
///    `GET /v1/accounts/{id}` and recorded): `interac_present` in Canada, `manual_preferred` in
///    Australia; a refusal (`conflict.interac_*`) records nothing.
/// 1. Claim the order reference (autocommit insert, see ``PaymentStore/claim(_:messageId:on:)``).
///    An order that already has its PaymentIntent gets it back (`reused: true`, fresh status
///    and client secret from `GET /v1/payment_intents/{id}`); a new amount on a PaymentIntent
///    still waiting for a card (e.g. after a decline) updates it (`POST /v1/payment_intents/{id}`,
///    key `<message_id>:update_payment_intent`). Another command creating the same order's
///    PaymentIntent right now → retry later.
/// 2. `POST /v1/payment_intents` (`payment_method_types[]` of step 0, `capture_method`,
///    `application_fee_amount` on the connected account, `metadata[order_reference]`) with
///    key `<message_id>:create_payment_intent`: a redelivery replays the same PaymentIntent.
/// 3. One transaction: the PaymentIntent recorded on the claimed row, the reply.
/// Thread-safety: `Sendable`, stateless.
struct CreatePaymentIntentHandler: Sendable {
    /// SQL of the payments table.
    let payments: PaymentStore
    /// SQL of the accounts table (countries).
    let accounts: AccountStore

    /// Handles one command; see the type's steps.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(
        _ command: CreateTerminalPaymentIntent,
        _ context: inout HandlerContext
    ) throws -> Reply<CreateTerminalPaymentIntent.Result> {
        var country: String?
        if let account = command.account { country = try self.country(of: account, context: context) }
        let choice: RegionalRules.Choice
        switch RegionalRules.decide(
            country: country, captureMethod: command.captureMethod,
            paymentMethodTypes: command.paymentMethodTypes)
        {
        case .success(let value): choice = value
        case .failure(let error): return .error(error)
        }
        let captureMethod = choice.captureMethod
        let new = PaymentStore.NewPayment(
            orderReference: command.orderReference, account: command.account,
            amount: command.amount, currency: command.currency.lowercased(),
            captureMethod: captureMethod.rawValue,
            applicationFeeAmount: command.applicationFeeAmount)
        let messageId = context.envelope.messageId
        switch try payments.claim(new, messageId: messageId, on: context.db) {
        case .existing(let payment):
            return try reuse(payment, command: command, context: &context)
        case .busy(let owner):
            throw HandlerError.retry(
                code: "conflict.order_in_progress",
                message: "order \(command.orderReference) is being created by message \(owner)")
        case .claimed:
            break
        }
        let created: PaymentIntent
        switch try context.stripe({ client throws(StripeError) in
            try client.createPaymentIntent(
                Self.params(command, choice: choice),
                options: .idempotent(
                    context.idempotencyKey("create_payment_intent"),
                    stripeAccount: command.account))
        }) {
        case .success(let pi): created = pi
        case .failure(let error):
            try payments.releaseClaim(orderReference: command.orderReference, messageId: messageId, on: context.db)
            return .error(TerminalErrorMapping.reply(error))
        }
        let payment = TerminalPayment(
            orderReference: command.orderReference, paymentIntent: created.id,
            account: command.account, amount: created.amount ?? command.amount,
            currency: new.currency, captureMethod: new.captureMethod,
            applicationFeeAmount: command.applicationFeeAmount)
        let payments = self.payments
        return try context.transaction { db in
            guard try payments.attach(payment, messageId: messageId, on: db) else {
                throw HandlerError.retry(
                    code: ReplyError.Code.invalidState,
                    message: "order \(command.orderReference) is no longer claimed by this command")
            }
            return .ok(Self.result(payment, pi: created, reused: false))
        }
    }

    /// The order's existing PaymentIntent, its amount updated when it still waits for a card.
    private func reuse(
        _ payment: TerminalPayment, command: CreateTerminalPaymentIntent,
        context: inout HandlerContext
    ) throws -> Reply<CreateTerminalPaymentIntent.Result> {
        guard payment.currency == command.currency.lowercased(), payment.account == command.account else {
            return .error(
                .conflict(
                    "duplicate_reference",
                    "order \(command.orderReference) already has payment_intent \(payment.paymentIntent) in \(payment.currency)"
                        + (payment.account.map { " on \($0)" } ?? "")))
        }
        let changed =
            payment.amount != command.amount
            || (command.applicationFeeAmount != nil && payment.applicationFeeAmount != command.applicationFeeAmount)
        if changed && payment.state != .requiresPaymentMethod {
            return .error(
                .conflict(
                    "invalid_state",
                    "payment_intent \(payment.paymentIntent) of order \(command.orderReference) is \(payment.state.rawValue); its amount can no longer change"
                ))
        }
        let account = payment.account
        let answer = try context.stripe { client throws(StripeError) -> PaymentIntent in
            if changed {
                return try client.updatePaymentIntent(
                    payment.paymentIntent,
                    PaymentIntentUpdateParams(amount: command.amount, applicationFeeAmount: command.applicationFeeAmount),
                    options: .idempotent(context.idempotencyKey("update_payment_intent"), stripeAccount: account))
            }
            return try client.retrievePaymentIntent(payment.paymentIntent, options: RequestOptions(stripeAccount: account))
        }
        let pi: PaymentIntent
        switch answer {
        case .success(let fetched): pi = fetched
        case .failure(let error): return .error(TerminalErrorMapping.reply(error, paymentIntent: payment.paymentIntent))
        }
        guard changed else { return .ok(Self.result(payment, pi: pi, reused: true)) }
        var updated = payment
        updated.amount = pi.amount ?? command.amount
        updated.applicationFeeAmount = command.applicationFeeAmount ?? payment.applicationFeeAmount
        let payments = self.payments
        return try context.transaction { db in
            guard let current = try payments.find(paymentIntent: payment.paymentIntent, lock: true, on: db) else {
                return .error(.notFound("payment_intent", id: payment.paymentIntent))
            }
            var next = current
            next.amount = updated.amount
            next.applicationFeeAmount = updated.applicationFeeAmount
            try payments.update(next, on: db)
            return .ok(Self.result(next, pi: pi, reused: true))
        }
    }

    /// The account's country: recorded, else fetched from Stripe (`GET /v1/accounts/{id}`)
    /// and recorded (source `stripe`); nil when Stripe cannot say (the create call will tell).
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    private func country(of account: String, context: HandlerContext) throws -> String? {
        if let known = try accounts.country(of: account, on: context.db) { return known }
        guard
            case .success(let fetched) = try context.stripe({ client throws(StripeError) in
                try client.retrieveAccount(account)
            }), let country = fetched.country?.uppercased(), country.count == 2
        else { return nil }
        try accounts.save(account: account, country: country, source: "stripe", on: context.db)
        return country
    }

    /// `POST /v1/payment_intents` parameters.
    static func params(_ c: CreateTerminalPaymentIntent, choice: RegionalRules.Choice) -> PaymentIntentCreateParams {
        var metadata = c.metadata ?? [:]
        metadata["order_reference"] = c.orderReference
        let capture: CaptureMethod =
            switch choice.captureMethod {
            case .manual: .manual
            case .automatic: .automatic
            case .manualPreferred: .manualPreferred
            }
        return PaymentIntentCreateParams(
            amount: c.amount, currency: c.currency.lowercased(),
            paymentMethodTypes: choice.paymentMethodTypes.map(\.rawValue),
            captureMethod: capture,
            applicationFeeAmount: c.applicationFeeAmount, description: c.description,
            cardPresentRequestIncrementalAuthorizationSupport: c.requestIncrementalAuthorizationSupport,
            metadata: metadata)
    }

    /// The reply for `payment` with Stripe's current PaymentIntent `pi`.
    static func result(_ payment: TerminalPayment, pi: PaymentIntent, reused: Bool) -> CreateTerminalPaymentIntent.Result {
        CreateTerminalPaymentIntent.Result(
            orderReference: payment.orderReference, paymentIntent: payment.paymentIntent, clientSecret: pi.clientSecret ?? "",
            status: Messages.PaymentIntentStatus(rawValue: pi.status?.rawValue ?? "requires_payment_method"),
            amount: pi.amount ?? payment.amount, currency: payment.currency,
            captureMethod: TerminalCaptureMethod(rawValue: payment.captureMethod) ?? .manual,
            account: payment.account, reused: reused,
            paymentMethodTypes: pi.paymentMethodTypes?.compactMap(TerminalPaymentMethodType.init(rawValue:)))
    }
}
