/// PaymentIntent JSON with every member of Stripe's `payment_intent` example, in its
/// initial `requires_payment_method` state.
enum PaymentIntentObjects {
    static func blank(amount: Int, currency: String, now: Int) -> JSONValue {
        let id = SimIDs.make("pi")
        return [
            "id": .string(id), "object": "payment_intent", "amount": .int(amount), "amount_capturable": 0,
            "allowed_payment_method_types": nil, "amount_details": ["tip": [:]], "amount_received": 0, "application": nil,
            "application_fee_amount": nil,
            "automatic_payment_methods": nil, "canceled_at": nil, "cancellation_reason": nil, "capture_method": "automatic_async",
            "client_secret": .string("\(id)_secret_\(SimIDs.make("s", length: 24).dropFirst(2))"),
            "confirmation_method": "automatic", "created": .int(now), "currency": .string(currency), "customer": nil,
            "customer_account": nil, "description": nil, "excluded_payment_method_types": nil, "last_payment_error": nil,
            "latest_charge": nil, "livemode": false, "managed_payments": nil, "metadata": [:], "next_action": nil,
            "on_behalf_of": nil, "payment_method": nil, "payment_method_configuration_details": nil, "payment_method_options": [:],
            "payment_method_types": ["card"], "processing": nil, "receipt_email": nil, "review": nil, "setup_future_usage": nil,
            "shipping": nil, "source": nil, "statement_descriptor": nil, "statement_descriptor_suffix": nil,
            "status": "requires_payment_method", "transfer_data": nil, "transfer_group": nil,
        ]
    }
}
