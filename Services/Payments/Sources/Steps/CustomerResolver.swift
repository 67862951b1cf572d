import Messages
import Runtime
import StripeAPI

/// The Stripe Customer of a (connected account, platform customer reference): the recorded
/// one, or `POST /v1/customers` on the account (`metadata[customer_reference]`, the e-mail,
/// Idempotency-Key `<message_id>:create_customer`). A new Customer is recorded by
/// ``remember(_:context:)`` in the message's transaction — also when a later step fails, so
/// the next attempt finds it instead of creating another. Shared by the PaymentSheet,
/// setup sheet and Checkout commands. Thread-safety: `Sendable`, stateless.
struct CustomerResolver: Sendable {
    /// SQL of the customers table.
    let customers: CustomerStore

    /// A resolved Customer.
    struct Resolved: Sendable {
        /// The connected account.
        var account: String
        /// The platform's reference.
        var reference: String
        /// The Customer id, `cus_…`.
        var customer: String
        /// Created by this command (to be recorded).
        var isNew: Bool
    }

    /// Finds or creates the Customer (a Stripe call when new; no transaction is open).
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func resolve(account: String, reference: String, email: String?, context: HandlerContext) throws -> Result<Resolved, ReplyError> {
        if let known = try customers.find(account: account, customerReference: reference, on: context.db) {
            return .success(Resolved(account: account, reference: reference, customer: known, isNew: false))
        }
        let params = CustomerCreateParams(email: email, metadata: ["customer_reference": reference])
        switch try context.stripe({ client throws(StripeError) in
            try client.createCustomer(params, options: context.idempotent("create_customer", account: account))
        }) {
        case .success(let created): return .success(Resolved(account: account, reference: reference, customer: created.id, isNew: true))
        case .failure(let error): return .failure(error)
        }
    }

    /// Records a Customer this command created (first writer wins), in its own transaction
    /// of the message; a reference taken concurrently leaves this Customer unused (logged).
    /// - Throws: `StoreError`, `HandlerError`.
    func remember(_ resolved: Resolved?, context: HandlerContext) throws {
        guard let resolved, resolved.isNew else { return }
        let customers = self.customers
        let recorded = try context.transaction { db in
            try customers.insert(account: resolved.account, customerReference: resolved.reference, customer: resolved.customer, on: db)
        }
        if recorded != resolved.customer {
            context.log.warning(
                "customer reference taken concurrently; Stripe customer orphaned",
                ["customer": resolved.customer, "recorded": recorded])
        }
    }
}
