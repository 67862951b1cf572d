#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import Runtime
import StripeAPI

/// `payments.charge_saved_payment_method` (Stripe-bound): an off-session charge of a
/// buyer's saved method (https://docs.stripe.com/payments/save-and-reuse#charge-saved-payment-method).
///
/// 1. The account must be able to take charges. The buyer's Customer must be recorded and
///    the method saved for it (``SavedMethodCheck``; absent `payment_method`: the Customer's
///    default, ``CustomerDefault``, else the newest one recorded): otherwise `conflict.no_saved_payment_method` / `conflict.payment_method_not_saved`
///    before anything is charged.
/// Steps 2 to 4 are ``ServerConfirmation``'s.
/// 2. An order paid, or paid through Checkout, is refused. An order whose PaymentIntent waits
///    for a payment method (after a decline or an authentication request) is confirmed again
///    off-session (`POST /v1/payment_intents/{id}/confirm`, `<message_id>:confirm_payment`);
///    one in `requires_action` or `processing` is answered as it is — never a second charge.
///    A PaymentIntent of another Customer is refused (`conflict.customer_mismatch`).
/// 3. Otherwise `POST /v1/payment_intents` with `confirm=true`, `off_session=true`, the
///    Customer, the method and its type, the application fee and the order metadata
///    (`<message_id>:create_payment_intent`).
/// 4. One transaction: the order (channel `off_session`) and the outcome through
///    ``OrderMachine``: `succeeded` → `payments.order.paid`; `processing` →
///    `awaiting_payment`; `authentication_required` (Stripe's 402 card error) →
///    `payments.order.requires_action` with the platform's `authentication_url` (once) and a
///    `requires_action` reply carrying the client secret (read back with
///    `GET /v1/payment_intents/{id}`); another decline → `payment_failed` and a
///    `stripe.card_declined` reply error. Thread-safety: `Sendable`, stateless.
struct ChargeSavedPaymentMethodHandler: Sendable {
    /// The steps shared with `payments.confirm_payment`.
    let confirmation: ServerConfirmation
    /// SQL of the customers table.
    let customers: CustomerStore
    /// SQL of the saved methods.
    let saved: SavedPaymentMethodStore
    /// Records a method read from Stripe.
    let recorder: SavedMethodRecorder
    /// The account-readiness check.
    let gate: AccountGate

    /// Handles one command; see the type's steps.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: ChargeSavedPaymentMethod, _ context: inout HandlerContext) throws -> Reply<ChargeSavedPaymentMethod.Result> {
        if let refusal = try gate.refusal(command.account, on: context.db) { return .error(refusal) }
        let account = command.account
        guard let customer = try customers.find(account: account, customerReference: command.customerReference, on: context.db) else {
            return .error(Self.noSavedMethod(command))
        }
        let name: String
        if let named = command.paymentMethod {
            name = named
        } else {
            // No saved method recorded: refused with no Stripe call; else the Customer's default first.
            guard let newest = try saved.newest(account: account, customer: customer, on: context.db) else {
                return .error(Self.noSavedMethod(command))
            }
            switch try CustomerDefault().read(customer: customer, account: account, context: context) {
            case .success(let value): name = value ?? newest.paymentMethod
            case .failure(let error): return .error(error)
            }
        }
        let owned: SavedMethodCheck.Owned
        switch try SavedMethodCheck(saved: saved).check(name, customer: customer, account: account, context: context) {
        case .success(let value): owned = value
        case .failure(let error): return .error(error)
        }

        let prior: ServerConfirmation.Prior
        switch try confirmation.prior(account: account, orderReference: command.orderReference, context: context) {
        case .success(let value): prior = value
        case .failure(let refusal): return .error(refusal)
        }
        if let pi = prior.reusable {
            guard pi.customer?.id == customer else {
                return .error(
                    ReplyError(
                        code: ReplyError.Code.customerMismatch,
                        message:
                            "order \(command.orderReference) has a PaymentIntent for \(pi.customer?.id ?? "no Customer"); use a new order reference"))
            }
            switch ServerConfirmation.standing(pi, orderReference: command.orderReference) {
            case .answerAsIs: return .ok(Self.result(pi, command, method: owned.paymentMethod))
            case .refuse(let refusal): return .error(refusal)
            case .confirmAgain: break
            }
        }
        let outcome = try confirmation.attempt(
            prior, confirm: PaymentIntentConfirmParams(paymentMethod: owned.paymentMethod, extra: ["off_session": true]),
            create: Self.params(command, customer: customer, method: owned), account: account, context: context)
        let now = Int(Date().timeIntervalSince1970)
        let request = OpenPaymentIntent.Request(
            account: account, orderReference: command.orderReference, channel: .offSession, amount: command.amount,
            currency: command.currency, applicationFeeAmount: command.applicationFeeAmount, customer: customer,
            customerEmail: command.customerEmail)
        var details = PaymentDetails(paymentMethod: owned.paymentMethod, authenticationUrl: command.authenticationUrl)
        switch outcome {
        case .failure(let error):
            return .error(error)
        case .success(.confirmed(let pi)):
            let input: OrderInput? = pi.status == .requiresAction ? .authenticationRequired(at: now) : ConfirmationAttempt.input(pi, at: now)
            try record(
                pi.id, prior: prior, request: request, input: input, details: details,
                owned: owned, command: command, customer: customer, context: context)
            return .ok(Self.result(pi, command, method: owned.paymentMethod))
        case .success(.declined(let decline)):
            guard let piId = prior.reusable?.id ?? decline.objectId else { return .error(.paymentsStripe(decline)) }
            details.failureCode = decline.code
            details.declineCode = decline.declineCode
            details.failureMessage = decline.message
            guard decline.code == "authentication_required" else {
                try record(
                    piId, prior: prior, request: request, input: .paymentFailed(at: now),
                    details: details, owned: owned, command: command, customer: customer, context: context)
                return .error(.paymentsStripe(decline))
            }
            let secret: String?
            switch try context.stripe({ client throws(StripeError) in
                try client.retrievePaymentIntent(piId, options: RequestOptions(stripeAccount: account))
            }) {
            case .success(let pi): secret = pi.clientSecret
            case .failure(let error): return .error(error)
            }
            try record(
                piId, prior: prior, request: request, input: .authenticationRequired(at: now),
                details: details, owned: owned, command: command, customer: customer, context: context)
            return .ok(
                ChargeSavedPaymentMethod.Result(
                    account: account, orderReference: command.orderReference, paymentIntent: piId, paymentMethod: owned.paymentMethod,
                    status: .requiresAction, clientSecret: secret, failureCode: decline.code, amount: command.amount,
                    currency: command.currency))
        }
    }

    /// Records a method read from Stripe, then the order and its outcome
    /// (``ServerConfirmation/record(_:prior:request:input:details:context:)``).
    private func record(
        _ piId: String, prior: ServerConfirmation.Prior, request: OpenPaymentIntent.Request,
        input: OrderInput?, details: PaymentDetails, owned: SavedMethodCheck.Owned,
        command: ChargeSavedPaymentMethod, customer: String, context: HandlerContext
    ) throws {
        try recorder.recordChecked(owned, customer: customer, reference: command.customerReference, account: command.account, context: context)
        try confirmation.record(piId, prior: prior, request: request, input: input, details: details, context: context)
    }

    /// The reply for a PaymentIntent Stripe answered with; the client secret only when the
    /// buyer must act.
    static func result(_ pi: PaymentIntent, _ command: ChargeSavedPaymentMethod, method: String) -> ChargeSavedPaymentMethod.Result {
        let status = Messages.PaymentIntentStatus(rawValue: pi.status?.rawValue ?? "requires_payment_method")
        return ChargeSavedPaymentMethod.Result(
            account: command.account, orderReference: command.orderReference, paymentIntent: pi.id, paymentMethod: method,
            status: status, clientSecret: status == .requiresAction ? pi.clientSecret : nil,
            amount: pi.amount ?? command.amount, currency: pi.currency ?? command.currency)
    }

    /// `POST /v1/payment_intents` with `confirm=true` and `off_session=true`.
    static func params(_ c: ChargeSavedPaymentMethod, customer: String, method: SavedMethodCheck.Owned) -> PaymentIntentCreateParams {
        var metadata = c.metadata ?? [:]
        metadata[OrderMetadata.orderReference] = c.orderReference
        metadata[OrderMetadata.origin] = OrderMetadata.originValue
        metadata["customer_reference"] = c.customerReference
        var extra: FormParams = ["off_session": true]
        extra.set("receipt_email", c.customerEmail)
        return PaymentIntentCreateParams(
            amount: c.amount, currency: c.currency, paymentMethodTypes: [method.type],
            applicationFeeAmount: c.applicationFeeAmount, customer: customer,
            paymentMethod: method.paymentMethod, confirm: true, description: c.description,
            metadata: metadata, extra: extra)
    }

    /// `conflict.no_saved_payment_method` for the command's buyer.
    static func noSavedMethod(_ c: ChargeSavedPaymentMethod) -> ReplyError {
        ReplyError(
            code: ReplyError.Code.noSavedPaymentMethod,
            message: "customer \(c.customerReference) has no saved payment method on \(c.account)", field: "customer_reference")
    }
}
