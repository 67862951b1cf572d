import Messages
import StripeAPI

extension Shipping {
    /// Stripe's `shipping` hash for PaymentIntent create, update and confirm
    /// (`shipping[name]`, `shipping[address][line1]`, …).
    var stripeParams: ShippingParams {
        ShippingParams(
            name: name,
            address: Address(
                city: address.city, country: address.country, line1: address.line1,
                line2: address.line2, postalCode: address.postalCode, state: address.state),
            phone: phone, carrier: carrier, trackingNumber: trackingNumber)
    }

    /// `extra` form parameters carrying the hash under `shipping`.
    var formParams: FormParams {
        var p = FormParams()
        p.set("shipping", stripeParams.formParams)
        return p
    }
}
