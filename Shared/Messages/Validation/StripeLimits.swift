/// The limits Stripe puts on the values the suite copies from commands into its requests, so
/// a command Stripe would refuse is refused before Stripe is called (DESIGN §4 "Stripe's
/// limits"). Each number names the page of Stripe's documentation it comes from. Pure data;
/// thread-safe.
public enum StripeLimits {
    /// The largest amount Stripe takes in any currency, in its smallest unit: "The amount value
    /// supports up to eight digits (e.g., a value of 99999999 for a USD charge of $999,999.99)"
    /// (docs.stripe.com/currencies#minimum-and-maximum-charge-amounts). Stripe answers
    /// `amount_too_large` above it.
    public static let maximumAmount = 99_999_999

    /// Keys a Stripe object's `metadata` may hold: "You can specify up to 50 keys"
    /// (docs.stripe.com/api/metadata).
    public static let metadataKeys = 50

    /// The longest metadata key: "key names up to 40 characters long" (docs.stripe.com/api/metadata).
    public static let metadataKeyLength = 40

    /// The longest metadata value: "values up to 500 characters long" (docs.stripe.com/api/metadata).
    public static let metadataValueLength = 500

    /// Characters a metadata key cannot contain: "you can't use square brackets ([ and ]) in
    /// keys" (docs.stripe.com/api/metadata).
    public static let metadataKeyForbidden: Set<Character> = ["[", "]"]

    /// Metadata keys the suite adds to what a command gives: `order_reference`,
    /// `connectbus_origin`, and `customer_reference` or `seller_reference`. A command's
    /// `metadata` may therefore hold ``metadataKeys`` less these.
    public static let metadataKeysReserved = 3

    /// Keys a command's `metadata` may hold: ``metadataKeys`` − ``metadataKeysReserved``.
    public static var commandMetadataKeys: Int { metadataKeys - metadataKeysReserved }

    /// The longest Checkout `client_reference_id`, where `order_reference` is copied: "can be
    /// composed of alphanumeric characters, dashes, or underscores, and be any value up to 200
    /// characters" (docs.stripe.com/payments/checkout/pricing-table); Stripe answers
    /// "Invalid string: …; must be at most 200 characters" above it. Every `…_reference` field
    /// of a command (copied into metadata values, at most 500) keeps to the same bound.
    public static let referenceLength = 200

    /// The longest product name (`payments.create_product`'s `name`, Checkout's inline
    /// `product_data[name]`): "The name field on product endpoints has a maximum character
    /// length limit of 250 now" (Stripe's API changelog, version 2018-11-08).
    public static let productNameLength = 250

    /// The most line items of a Checkout Session in `payment` mode (Stripe's API reference,
    /// `line_items`: "There is a maximum of 100 line items").
    public static let checkoutLineItems = 100

    /// Stripe's minimum charge per presentment currency, in the currency's smallest unit,
    /// from the table at docs.stripe.com/currencies#minimum-and-maximum-charge-amounts
    /// (USD $0.50, GBP £0.30, JPY ¥50, …). It applies to every PaymentIntent (online, the
    /// mobile sheet, off-session and Terminal) and to a Checkout Session's total; Stripe
    /// answers `amount_too_small` below it. Currencies not in the table have no minimum here
    /// (Stripe still refuses a charge that converts to less than 50 US cents in the settlement
    /// currency, which depends on exchange rates and cannot be checked before the call).
    public static let minimumCharge: [String: Int] = [
        "usd": 50, "aed": 200, "aud": 50, "bgn": 100, "brl": 50, "cad": 50, "chf": 50, "czk": 1500,
        "dkk": 250, "eur": 50, "gbp": 30, "hkd": 400, "huf": 17500, "inr": 50, "jpy": 50, "mxn": 1000,
        "myr": 200, "nok": 300, "nzd": 50, "pln": 200, "ron": 200, "sek": 300, "sgd": 50, "thb": 1000,
    ]
}
