import Messages
import Runtime
import StripeAPI

/// `payments.create_setup_sheet` (Stripe-bound): PaymentSheet in setup mode, to save a
/// method without paying.
///
/// 1. The account must be able to take charges (no Stripe call otherwise).
/// 2. The buyer's Customer (``CustomerResolver``) and its key for the app (``CustomerKeys``:
///    CustomerSession with `mobile_payment_element`, or an ephemeral key).
/// 3. `POST /v1/setup_intents` on the connected account for the Customer, `usage`
///    (default `off_session`), automatic payment methods unless a list is given,
///    `metadata[customer_reference]` and `metadata[connectbus_origin]=payments`
///    (`<message_id>:create_setup_intent`).
/// 4. One transaction: the customer row and the reply. The saved method is recorded when
///    `setup_intent.succeeded` arrives (``SavedMethodRecorder``). Thread-safety: `Sendable`, stateless.
struct CreateSetupSheetHandler: Sendable {
    /// Finds or creates the buyer's Customer.
    let customers: CustomerResolver
    /// The account-readiness check.
    let gate: AccountGate
    /// The platform's publishable key handed to the app (`pk_…`).
    let publishableKey: String

    /// Handles one command; see the type's steps.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: CreateSetupSheet, _ context: inout HandlerContext) throws -> Reply<CreateSetupSheet.Result> {
        if let refusal = try gate.refusal(command.account, on: context.db) { return .error(refusal) }
        let account = command.account
        let resolved: CustomerResolver.Resolved
        switch try customers.resolve(account: account, reference: command.customerReference, email: command.customerEmail, context: context) {
        case .success(let value): resolved = value
        case .failure(let error): return .error(error)
        }
        let ctx = context
        let made: CustomerKeys.Made
        switch try CustomerKeys(account: account, customer: resolved.customer)
            .make(command.customerKey ?? .customerSession, apiVersion: command.apiVersion, component: "mobile_payment_element", context: ctx)
        {
        case .success(let value): made = value
        case .failure(let error): try customers.remember(resolved, context: ctx); return .error(error)
        }
        var metadata = command.metadata ?? [:]
        metadata["customer_reference"] = command.customerReference
        metadata[OrderMetadata.origin] = OrderMetadata.originValue
        let params = SetupIntentCreateParams(
            customer: resolved.customer,
            automaticPaymentMethods: command.paymentMethodTypes == nil ? true : nil,
            paymentMethodTypes: command.paymentMethodTypes,
            usage: (command.usage ?? .offSession).rawValue, metadata: metadata)
        let intent: SetupIntent
        switch try ctx.stripe({ client throws(StripeError) in
            try client.createSetupIntent(params, options: ctx.idempotent("create_setup_intent", account: account))
        }) {
        case .success(let value): intent = value
        case .failure(let error): try customers.remember(resolved, context: ctx); return .error(error)
        }
        try customers.remember(resolved, context: ctx)
        return .ok(
            CreateSetupSheet.Result(
                account: account, customerReference: command.customerReference, setupIntent: intent.id,
                setupIntentClientSecret: intent.clientSecret ?? "", customer: resolved.customer,
                customerSessionClientSecret: made.sessionSecret, ephemeralKey: made.ephemeralKey, publishableKey: publishableKey))
    }
}
