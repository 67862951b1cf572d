extension ReplyError.Code {
    /// `setup_future_usage`, `require_cvc_recollection` or `customer_key` without the buyer
    /// (`customer` / `customer_reference`): a method can only be saved for, or recollected
    /// from, a Customer.
    public static let customerRequired = "validation.customer_required"
    /// `require_cvc_recollection` with method types that do not include `card`, or on a saved
    /// method that is not a card: only cards have a CVC.
    public static let cvcRecollectionNotCard = "validation.cvc_recollection_not_card"
    /// An off-session charge for a buyer with no saved payment method on the account.
    public static let noSavedPaymentMethod = "conflict.no_saved_payment_method"
    /// The payment method is not saved for this buyer on this account (another customer's,
    /// another account's, or unknown).
    public static let paymentMethodNotSaved = "conflict.payment_method_not_saved"
    /// The order's open PaymentIntent belongs to another Customer (or to none, or the request
    /// has none): the order is someone else's sheet; use a new order reference.
    public static let customerMismatch = "conflict.customer_mismatch"
}

extension ReplyError {
    /// `validation.customer_required` for `field`, which needs the buyer named by `needs`.
    public static func customerRequired(_ field: String, needs: String) -> ReplyError {
        ReplyError(code: Code.customerRequired, message: "\(field) needs \(needs): a payment method is saved for a Customer", field: field)
    }

    /// `validation.cvc_recollection_not_card` for `field`.
    public static func cvcRecollectionNotCard(_ field: String = "require_cvc_recollection") -> ReplyError {
        ReplyError(
            code: Code.cvcRecollectionNotCard, message: "\(field): CVC recollection is for cards only (payment_method_types must include card)",
            field: field)
    }
}
