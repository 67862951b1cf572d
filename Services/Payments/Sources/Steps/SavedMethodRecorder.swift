#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Runtime
import StripeAPI

/// Records the PaymentMethod a succeeded PaymentIntent (with `setup_future_usage`) or
/// SetupIntent saved for its Customer, in the caller's transaction, with the platform's
/// customer reference when the service knows the Customer (`customers`) or the object's
/// `metadata[customer_reference]` names it. The type is the object's single method type,
/// else `unknown` (resolved against Stripe when the method is charged). Idempotent.
/// Thread-safety: `Sendable`, stateless.
struct SavedMethodRecorder: Sendable {
    /// SQL of the saved methods.
    let saved: SavedPaymentMethodStore
    /// SQL of the customers table (the reference of a Customer).
    let customers: CustomerStore

    /// Records `pi`'s method when it was saved (`setup_future_usage` and a customer).
    /// - Throws: `StoreError`.
    func record(_ pi: PaymentIntent, account: String, at: Int, context: HandlerContext) throws {
        guard let usage = pi.setupFutureUsage, let customer = pi.customer?.id, let method = pi.paymentMethod?.id else { return }
        try save(
            account: account, method: method, customer: customer, types: pi.paymentMethodTypes, usage: usage,
            reference: pi.metadata?["customer_reference"], at: at, context: context)
    }

    /// Records `si`'s method (a succeeded SetupIntent with a customer).
    /// - Throws: `StoreError`.
    func record(_ si: SetupIntent, account: String, at: Int, context: HandlerContext) throws {
        guard si.status == .succeeded, let customer = si.customer?.id, let method = si.paymentMethod?.id else { return }
        try save(
            account: account, method: method, customer: customer, types: si.paymentMethodTypes, usage: si.usage ?? "off_session",
            reference: si.metadata?["customer_reference"], at: at, context: context)
    }

    /// Records a method known from Stripe's PaymentMethod object (a check against Stripe).
    /// - Throws: `StoreError`.
    func record(
        _ method: PaymentMethod, customer: String, reference: String, account: String, at: Int,
        context: HandlerContext
    ) throws {
        try saved.save(
            SavedPaymentMethodStore.Row(
                account: account, paymentMethod: method.id, customer: customer,
                customerReference: reference, type: method.type ?? "unknown",
                usage: nil, savedAt: at), on: context.db)
    }

    /// Records, in a transaction of its own, the method ``SavedMethodCheck`` read from Stripe
    /// (one the service had not recorded yet); nothing when it came from the table.
    /// - Throws: `StoreError`, `HandlerError`.
    func recordChecked(_ owned: SavedMethodCheck.Owned, customer: String, reference: String, account: String, context: HandlerContext) throws {
        guard let fetched = owned.fetched else { return }
        let now = Int(Date().timeIntervalSince1970)
        try context.transaction { _ in
            try record(fetched, customer: customer, reference: reference, account: account, at: fetched.created ?? now, context: context)
        }
    }

    private func save(
        account: String, method: String, customer: String, types: [String]?, usage: String,
        reference: String?, at: Int, context: HandlerContext
    ) throws {
        let known = try reference ?? customers.reference(account: account, customer: customer, on: context.db)
        let type = types?.count == 1 ? types?.first ?? "unknown" : "unknown"
        try saved.save(
            SavedPaymentMethodStore.Row(
                account: account, paymentMethod: method, customer: customer,
                customerReference: known, type: type, usage: usage, savedAt: at), on: context.db)
        context.log.info("payment method saved", ["payment_method": method, "customer": customer, "usage": usage])
    }
}
