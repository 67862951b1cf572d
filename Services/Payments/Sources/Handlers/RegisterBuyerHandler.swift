#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import Runtime
import StripeAPI

/// `payments.register_buyer` (Stripe-bound): a guest who signs up gets a Customer, and the
/// methods they agreed to save as a guest are attached to it
/// (https://docs.stripe.com/api/payment_intents/object#payment_intent_object-setup_future_usage:
/// without a Customer, the method "can still be attached to a Customer after the transaction
/// completes").
///
/// 1. Every guest order must be recorded on the account (`not_found.order`) and be a guest's
///    or this buyer's (an order with another Customer, or whose method another buyer's
///    registration already took: `conflict.customer_mismatch`), before anything is created.
/// 2. `GET /v1/payment_intents/{id}` of each order's PaymentIntent (Stripe, not the order's
///    state: the payment's events may still be on their way). Not succeeded, processing or
///    captured → `not_paid`; without `setup_future_usage` → `no_consent` (the guest did not
///    agree to save it, and Stripe would refuse to attach a method used that way).
/// 3. The Customer of (account, customer reference) (``CustomerResolver``).
/// 4. Each consented method: already recorded for this Customer → `already_attached` (or
///    `detached` when the buyer removed it since; never attached again); otherwise
///    `POST /v1/payment_methods/{id}/attach` (`<message_id>:attach_payment_method:<pm>`).
/// 5. When the buyer had no saved method before, the method of the newest payment attached
///    becomes the Customer's default (`POST /v1/customers/{id}`,
///    `invoice_settings[default_payment_method]`, `<message_id>:set_default_payment_method`).
/// 6. The Customer (its own transaction, also after a failed step) and the attached methods
///    (`saved_payment_methods`, with the PaymentIntent's `setup_future_usage` as usage), then
///    the reply. A Stripe refusal half-way records what was attached and answers the error; a
///    retry finds the rest. Thread-safety: `Sendable`, stateless.
struct RegisterBuyerHandler: Sendable {
    /// SQL of the orders table.
    let orders: OrderStore
    /// Finds or creates the buyer's Customer.
    let customers: CustomerResolver
    /// SQL of the saved methods.
    let saved: SavedPaymentMethodStore

    /// A guest order's paid method with consent to save it.
    private struct Consented {
        var index: Int
        var paymentMethod: String
        var usage: String
        var paidAt: Int
    }

    /// Handles one command; see the type's steps.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: RegisterBuyer, _ context: inout HandlerContext) throws -> Reply<RegisterBuyer.Result> {
        let account = command.account
        let known = try customers.customers.find(account: account, customerReference: command.customerReference, on: context.db)
        var intents: [String?] = []
        for reference in command.guestOrderReferences {
            guard let order = try orders.find(account: account, orderReference: reference, on: context.db) else {
                return .error(.notFound("order", id: reference))
            }
            if let owner = order.customer, owner != known {
                return .error(
                    ReplyError(
                        code: ReplyError.Code.customerMismatch,
                        message: "order \(reference) was paid by another buyer's Customer (\(owner)), not as a guest of \(command.customerReference)",
                        field: "guest_order_references"))
            }
            intents.append(order.paymentIntent)
        }

        var entries = command.guestOrderReferences.map { GuestPaymentMethod(orderReference: $0, outcome: .notPaid) }
        var consented: [Consented] = []
        for (index, id) in intents.enumerated() {
            guard let id else { continue }
            let pi: PaymentIntent
            switch try context.stripe({ client throws(StripeError) in
                try client.retrievePaymentIntent(id, options: RequestOptions(stripeAccount: account))
            }) {
            case .success(let value): pi = value
            case .failure(let error): return .error(error)
            }
            guard [.succeeded, .processing, .requiresCapture].contains(pi.status), let method = pi.paymentMethod?.id else { continue }
            entries[index].paymentMethod = method
            entries[index].type = pi.paymentMethodTypes?.count == 1 ? pi.paymentMethodTypes?.first : nil
            guard let usage = pi.setupFutureUsage else {
                entries[index].outcome = .noConsent
                continue
            }
            consented.append(Consented(index: index, paymentMethod: method, usage: usage, paidAt: pi.created ?? 0))
        }

        for item in consented {
            if let row = try saved.find(account: account, paymentMethod: item.paymentMethod, on: context.db), row.customer != known {
                let order = command.guestOrderReferences[item.index]
                return .error(
                    ReplyError(
                        code: ReplyError.Code.customerMismatch,
                        message: "the payment method of order \(order) is already saved for another buyer (\(row.customer))",
                        field: "guest_order_references"))
            }
        }

        let resolved: CustomerResolver.Resolved
        switch try customers.resolve(account: account, reference: command.customerReference, email: command.customerEmail, context: context) {
        case .success(let value): resolved = value
        case .failure(let error): return .error(error)
        }
        let customer = resolved.customer
        let hadSaved = try !resolved.isNew && saved.newest(account: account, customer: customer, on: context.db) != nil
        var attached: [SavedPaymentMethodStore.Row] = []
        var newest: Consented?
        let now = Int(Date().timeIntervalSince1970)
        for item in consented {
            if let row = try saved.find(account: account, paymentMethod: item.paymentMethod, on: context.db), row.customer == customer {
                entries[item.index].outcome = row.detached ? .detached : .alreadyAttached
                entries[item.index].type = row.type == "unknown" ? entries[item.index].type : row.type
                continue
            }
            switch try context.stripe({ client throws(StripeError) in
                try client.attachPaymentMethod(
                    item.paymentMethod, customer: customer,
                    options: context.idempotent("attach_payment_method:\(item.paymentMethod)", account: account))
            }) {
            case .failure(let error):
                try finish(resolved, attached, context: context)
                return .error(error)
            case .success(let method):
                entries[item.index].outcome = .attached
                entries[item.index].type = method.type ?? entries[item.index].type
                attached.append(
                    SavedPaymentMethodStore.Row(
                        account: account, paymentMethod: method.id, customer: customer, customerReference: command.customerReference,
                        type: method.type ?? "unknown", usage: item.usage, savedAt: now))
                if newest.map({ ($0.paidAt, $0.index) < (item.paidAt, item.index) }) ?? true { newest = item }
            }
        }

        var madeDefault: String?
        if !hadSaved, let newest {
            switch try context.stripe({ client throws(StripeError) in
                try client.updateCustomer(
                    customer, CustomerUpdateParams(defaultPaymentMethod: newest.paymentMethod),
                    options: context.idempotent("set_default_payment_method", account: account))
            }) {
            case .success(let updated): madeDefault = updated.invoiceSettings?.defaultPaymentMethod?.id ?? newest.paymentMethod
            case .failure(let error):
                try finish(resolved, attached, context: context)
                return .error(error)
            }
        }
        try finish(resolved, attached, context: context)
        return .ok(
            RegisterBuyer.Result(
                account: account, customerReference: command.customerReference, customer: customer,
                customerCreated: resolved.isNew, paymentMethods: entries, defaultPaymentMethod: madeDefault))
    }

    /// Records the Customer (when new) and the methods attached to it.
    private func finish(_ resolved: CustomerResolver.Resolved, _ attached: [SavedPaymentMethodStore.Row], context: HandlerContext) throws {
        try customers.remember(resolved, context: context)
        guard !attached.isEmpty else { return }
        let saved = self.saved
        try context.transaction { db in
            for row in attached { try saved.save(row, on: db) }
        }
        for row in attached {
            context.log.info("guest payment method attached", ["payment_method": row.paymentMethod, "customer": row.customer])
        }
    }
}
