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
/// 2. The Customer of (account, customer reference): the recorded one, or
///    `POST /v1/customers` on the connected account (`metadata[customer_reference]`,
///    Idempotency-Key `<message_id>:create_customer`).
/// 3. `POST /v1/customer_sessions` with `components[mobile_payment_element]` enabled and the
///    `payment_method_save`, `payment_method_remove` and `payment_method_redisplay` features
///    (`<message_id>:create_customer_session`) — or, with `customer_key=ephemeral_key`,
///    `POST /v1/ephemeral_keys` with `Stripe-Version` = the SDK's `api_version`
///    (`<message_id>:create_ephemeral_key`).
/// 4. The order's open PaymentIntent for the Customer (``OpenPaymentIntent``).
/// 5. One transaction: the customer row (first writer wins), the order row, the reply with
///    the publishable key. Thread-safety: `Sendable`, stateless.
struct CreatePaymentSheetHandler: Sendable {
    /// SQL of the customers table.
    let customers: CustomerStore
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
        var customer = try customers.find(account: account, customerReference: command.customerReference, on: context.db)
        let isNewCustomer = customer == nil
        if customer == nil {
            let params = CustomerCreateParams(email: command.customerEmail,
                                              metadata: ["customer_reference": command.customerReference])
            switch try context.stripe({ client throws(StripeError) in
                try client.createCustomer(params, options: context.idempotent("create_customer", account: account))
            }) {
            case .success(let created): customer = created.id
            case .failure(let error): return .error(error)
            }
        }
        guard let customerId = customer else { return .error(.internal("no customer")) }
        let customers = self.customers
        let reference = command.customerReference
        let ctx = context
        /// Records a Customer created by this command, in the message's transaction, also when
        /// a later step fails (so the next attempt finds it instead of creating another).
        func rememberCustomer() throws {
            guard isNewCustomer else { return }
            let recorded = try ctx.transaction { db in
                try customers.insert(account: account, customerReference: reference, customer: customerId, on: db)
            }
            if recorded != customerId {
                ctx.log.warning("customer reference taken concurrently; Stripe customer orphaned",
                                ["customer": customerId, "recorded": recorded])
            }
        }

        var sessionSecret: String?
        var ephemeralSecret: String?
        if command.customerKey == .ephemeralKey {
            let version = command.apiVersion ?? ""
            switch try context.stripe({ client throws(StripeError) in
                try client.createEphemeralKey(EphemeralKeyCreateParams(customer: customerId), apiVersion: version,
                                              options: ctx.idempotent("create_ephemeral_key", account: account))
            }) {
            case .success(let key): ephemeralSecret = key.secret
            case .failure(let error): try rememberCustomer(); return .error(error)
            }
        } else {
            let params = CustomerSessionCreateParams(customer: customerId, enabledComponents: [], extra: [
                "components": ["mobile_payment_element": ["enabled": true, "features": [
                    "payment_method_save": "enabled", "payment_method_remove": "enabled",
                    "payment_method_redisplay": "enabled",
                ]]],
            ])
            switch try context.stripe({ client throws(StripeError) in
                try client.createCustomerSession(params, options: ctx.idempotent("create_customer_session", account: account))
            }) {
            case .success(let session): sessionSecret = session.clientSecret
            case .failure(let error): try rememberCustomer(); return .error(error)
            }
        }

        let request = OpenPaymentIntent.Request(
            account: account, orderReference: command.orderReference, channel: .paymentSheet, amount: command.amount,
            currency: command.currency, applicationFeeAmount: command.applicationFeeAmount,
            paymentMethodTypes: command.paymentMethodTypes, customer: customerId, customerEmail: command.customerEmail,
            metadata: command.metadata, shipping: command.shipping)
        let opened: OpenPaymentIntent.Opened
        switch try intents.open(request, context: context) {
        case .success(let value): opened = value
        case .failure(let error): try rememberCustomer(); return .error(error)
        }
        try rememberCustomer()
        try intents.record(opened, request, context: context)
        let pi = opened.paymentIntent
        return .ok(CreatePaymentSheet.Result(
            account: account, orderReference: command.orderReference, paymentIntent: pi.id,
            paymentIntentClientSecret: pi.clientSecret ?? "", customer: customerId,
            customerSessionClientSecret: sessionSecret, ephemeralKey: ephemeralSecret, publishableKey: publishableKey,
            amount: pi.amount ?? command.amount, currency: pi.currency ?? command.currency))
    }
}
