import Messages
import Runtime
import StripeAPI

/// Whether a PaymentMethod is saved for a buyer's Customer on an account, checked before
/// anything is charged or detached: the recorded row first (another customer's or a
/// detached method is refused at once, with no Stripe call); a method the service has not
/// recorded (saved while its events were still on their way) or of unknown type is read
/// from Stripe (`GET /v1/payment_methods/{id}` on the account: a method of another account
/// is `resource_missing` there). Thread-safety: `Sendable`, stateless.
struct SavedMethodCheck: Sendable {
    /// SQL of the saved methods.
    let saved: SavedPaymentMethodStore

    /// A method found saved for the buyer.
    struct Owned: Sendable {
        /// The PaymentMethod, `pm_…`.
        var paymentMethod: String
        /// Its type, e.g. `card`.
        var type: String
        /// Stripe's object when it was read from Stripe (to be recorded).
        var fetched: PaymentMethod?
    }

    /// Checks `paymentMethod` for `customer` on `account`.
    /// - Returns: the method, or `conflict.payment_method_not_saved` (or a Stripe error).
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func check(_ paymentMethod: String, customer: String, account: String, context: HandlerContext) throws -> Result<Owned, ReplyError> {
        let row = try saved.find(account: account, paymentMethod: paymentMethod, on: context.db)
        if let row {
            guard row.customer == customer, !row.detached else { return .failure(Self.notSaved(paymentMethod)) }
            if row.type != "unknown" { return .success(Owned(paymentMethod: paymentMethod, type: row.type)) }
        }
        switch try context.stripe({ client throws(StripeError) in
            try client.retrievePaymentMethod(paymentMethod, options: RequestOptions(stripeAccount: account))
        }) {
        case .failure(let error) where error.stripe?.code == "resource_missing": return .failure(Self.notSaved(paymentMethod))
        case .failure(let error): return .failure(error)
        case .success(let method):
            guard method.customer?.id == customer else { return .failure(Self.notSaved(paymentMethod)) }
            return .success(Owned(paymentMethod: paymentMethod, type: method.type ?? "card", fetched: method))
        }
    }

    /// `conflict.payment_method_not_saved` for `paymentMethod`.
    static func notSaved(_ paymentMethod: String) -> ReplyError {
        ReplyError(
            code: ReplyError.Code.paymentMethodNotSaved,
            message: "payment method \(paymentMethod) is not saved for this customer on this account", field: "payment_method")
    }
}
