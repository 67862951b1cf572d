import Messages

/// The shipping method a server-confirmed payment charges (`payments.confirm_payment`'s
/// `shipping_method`): quoted again from the platform's ``ShippingRules``, never taken
/// from the app. Pure; thread-safe.
enum ShippingCharge {
    /// `command` with its shipping method's amount added to `amount` and recorded in its
    /// metadata (`shipping_method`: `<id>:<amount>`, in the one key of
    /// `StripeLimits.metadataKeysReserved` a server-confirmed payment leaves free); unchanged without a method.
    /// - Returns: the priced command, or `validation.shipping_method_unavailable` naming
    ///   `shipping_method` when the rules do not offer it for the address and currency.
    static func priced(_ command: ConfirmPayment, rules: ShippingRules) -> Result<ConfirmPayment, ReplyError> {
        guard let id = command.shippingMethod, let address = command.shipping?.address else { return .success(command) }
        let quote = rules.quote(address: address, currency: command.currency, subtotal: command.amount)
        guard let method = quote.methods.first(where: { $0.id == id }) else {
            let why = quote.reason.map { ": \($0)" } ?? ""
            return .failure(
                .invalid(
                    "shipping_method", "\(id) is not offered for this address in \(command.currency)\(why)",
                    code: ReplyError.Code.shippingMethodUnavailable))
        }
        var priced = command
        priced.amount += method.amount
        var metadata = command.metadata ?? [:]
        metadata[OrderMetadata.shippingMethod] = "\(method.id):\(method.amount)"
        priced.metadata = metadata
        return .success(priced)
    }
}
