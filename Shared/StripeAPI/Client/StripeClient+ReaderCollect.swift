extension StripeClient {
    /// `POST /v1/terminal/readers/{reader}/collect_payment_method`: the reader reads a card for
    /// `paymentIntent` without charging it; the outcome arrives as
    /// `terminal.reader.action_succeeded` with `action.collect_payment_method.payment_method`.
    /// - Throws: `StripeError` (`terminal_reader_busy`, `terminal_reader_offline`, …).
    public func collectPaymentMethod(
        reader: String, paymentIntent: String,
        options: RequestOptions
    ) throws(StripeError) -> TerminalReader {
        var params = FormParams()
        params.set("payment_intent", paymentIntent)
        return try request(
            .post, Self.path("/v1/terminal/readers", reader, "/collect_payment_method"), params: params,
            options: options)
    }

    /// `POST /v1/terminal/readers/{reader}/confirm_payment_intent`: confirms the PaymentIntent
    /// with the method the reader collected (within 30 seconds of the collection).
    /// - Throws: `StripeError` (`terminal_reader_timeout` after the window, …).
    public func confirmPaymentIntent(
        reader: String, paymentIntent: String,
        options: RequestOptions
    ) throws(StripeError) -> TerminalReader {
        var params = FormParams()
        params.set("payment_intent", paymentIntent)
        return try request(
            .post, Self.path("/v1/terminal/readers", reader, "/confirm_payment_intent"), params: params,
            options: options)
    }
}
