/// The metadata keys the service puts on every Checkout Session and PaymentIntent it
/// creates, so that Stripe events can be traced back to the order (and events about
/// objects other services created, e.g. Terminal PaymentIntents, are recognised and
/// ignored).
enum OrderMetadata {
    /// `order_reference`: the platform's order id.
    static let orderReference = "order_reference"
    /// `connectbus_origin`: which service created the object.
    static let origin = "connectbus_origin"
    /// The value of `connectbus_origin` for this service.
    static let originValue = "payments"
    /// `shipping_method`: `<id>:<amount>` of the shipping method a server-confirmed payment
    /// charged (`payments.confirm_payment`'s `shipping_method`).
    static let shippingMethod = "shipping_method"
}
