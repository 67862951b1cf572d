/// The `shipping` hash of a PaymentIntent create, update or confirm
/// (https://docs.stripe.com/api/payment_intents/create#create_payment_intent-shipping):
/// `name` and `address[line1]` required; `address[line2|city|state|postal_code|country]`,
/// `phone`, `carrier`, `tracking_number` optional.
public struct ShippingParams: Sendable, Equatable {
    /// Recipient name.
    public var name: String
    /// The address (`line1` required by Stripe).
    public var address: Address
    /// Recipient phone number.
    public var phone: String?
    /// The delivery service (Fedex, UPS, USPS, …).
    public var carrier: String?
    /// The carrier's tracking number.
    public var trackingNumber: String?

    /// Shipping parameters.
    public init(name: String, address: Address, phone: String? = nil, carrier: String? = nil, trackingNumber: String? = nil) {
        self.name = name
        self.address = address
        self.phone = phone
        self.carrier = carrier
        self.trackingNumber = trackingNumber
    }

    /// The hash, in Stripe's key order: `name`, `address[…]`, `phone`, `carrier`, `tracking_number`.
    public var formParams: FormParams {
        var a = FormParams()
        a.set("line1", address.line1)
        a.set("line2", address.line2)
        a.set("city", address.city)
        a.set("state", address.state)
        a.set("postal_code", address.postalCode)
        a.set("country", address.country)
        var p = FormParams()
        p.set("name", name)
        p.set("address", a)
        p.set("phone", phone)
        p.set("carrier", carrier)
        p.set("tracking_number", trackingNumber)
        return p
    }
}
