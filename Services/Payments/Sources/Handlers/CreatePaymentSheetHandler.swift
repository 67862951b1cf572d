#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import Runtime
import StripeAPI

/// `payments.create_payment_sheet` (Stripe-bound): what a mobile PaymentSheet backend returns.
///
/// 1. The account must be able to take charges (no Stripe call otherwise).
/// 2. With `customer_reference`: the Customer of (account, customer reference)
///    (``CustomerResolver``), then `POST /v1/customer_sessions` with
///    `components[mobile_payment_element]` enabled and the `payment_method_save`,
///    `payment_method_remove` and `payment_method_redisplay` features
///    (`<message_id>:create_customer_session`) — or, with `customer_key=ephemeral_key`,
///    `POST /v1/ephemeral_keys` with `Stripe-Version` = the SDK's `api_version`
///    (`<message_id>:create_ephemeral_key`). Without it, a guest sheet: no Customer, no
///    CustomerSession; with `setup_future_usage` (the guest agreed to save) the method is
///    kept by Stripe for `payments.register_buyer` to attach when the guest signs up.
/// 3. The order's open PaymentIntent for the Customer (``OpenPaymentIntent``), with
///    `setup_future_usage` and `payment_method_options[card][require_cvc_recollection]` when
///    asked. A reused PaymentIntent of another Customer (or of a guest sheet, or a guest
///    sheet reusing a Customer's) is refused with `conflict.customer_mismatch`.
/// 4. One transaction: the customer row (first writer wins), the order row, the reply with
///    the publishable key. Thread-safety: `Sendable`, stateless.
struct CreatePaymentSheetHandler: Sendable {
    /// Finds or creates the buyer's Customer.
    let customers: CustomerResolver
    /// The open-or-create PaymentIntent rule.
    let intents: OpenPaymentIntent
    /// The account-readiness check.
    let gate: AccountGate
    /// The platform's publishable key handed to the app (`pk_…`).
    let publishableKey: String

    /// Handles one command; see the type's steps.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: CreatePaymentSheet, _ context: inout HandlerContext) throws -> Reply<CreatePaymentSheet.Result> {
        if let refusal = try gate.refusal(command.account, on: context.db) { return .error(refusal) }
        let account = command.account
        var resolved: CustomerResolver.Resolved?
        if let reference = command.customerReference {
            switch try customers.resolve(account: account, reference: reference, email: command.customerEmail, context: context) {
            case .success(let value): resolved = value
            case .failure(let error): return .error(error)
            }
        }
        let ctx = context
        var sessionSecret: String?
        var ephemeralSecret: String?
        if let customerId = resolved?.customer {
            let keys = CustomerKeys(account: account, customer: customerId)
            switch try keys.make(
                command.customerKey ?? .customerSession, apiVersion: command.apiVersion, component: "mobile_payment_element",
                context: ctx)
            {
            case .success(let made): (sessionSecret, ephemeralSecret) = (made.sessionSecret, made.ephemeralKey)
            case .failure(let error): try customers.remember(resolved, context: ctx); return .error(error)
            }
        }

        let request = OpenPaymentIntent.Request(
            account: account, orderReference: command.orderReference, channel: .paymentSheet, amount: command.amount,
            currency: command.currency, applicationFeeAmount: command.applicationFeeAmount,
            paymentMethodTypes: command.paymentMethodTypes, customer: resolved?.customer, customerEmail: command.customerEmail,
            metadata: Self.metadata(command), setupFutureUsage: command.setupFutureUsage,
            requireCvcRecollection: command.requireCvcRecollection, shipping: command.shipping)
        let opened: OpenPaymentIntent.Opened
        switch try intents.open(request, context: context) {
        case .success(let value): opened = value
        case .failure(let error): try customers.remember(resolved, context: ctx); return .error(error)
        }
        try customers.remember(resolved, context: ctx)
        try intents.record(opened, request, context: context)
        let pi = opened.paymentIntent
        return .ok(
            CreatePaymentSheet.Result(
                account: account, orderReference: command.orderReference, paymentIntent: pi.id,
                paymentIntentClientSecret: pi.clientSecret ?? "", customer: resolved?.customer,
                customerSessionClientSecret: sessionSecret, ephemeralKey: ephemeralSecret, publishableKey: publishableKey,
                amount: pi.amount ?? command.amount, currency: pi.currency ?? command.currency))
    }

    /// The PaymentIntent's metadata: the command's, plus `customer_reference` when saving
    /// (so the saved method is recorded for the buyer).
    static func metadata(_ command: CreatePaymentSheet) -> [String: String]? {
        guard let reference = command.customerReference, command.setupFutureUsage != nil else { return command.metadata }
        var metadata = command.metadata ?? [:]
        metadata["customer_reference"] = reference
        return metadata
    }
}
