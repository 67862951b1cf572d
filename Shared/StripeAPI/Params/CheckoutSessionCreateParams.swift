/// Parameters of `POST /v1/checkout/sessions` (https://docs.stripe.com/api/checkout/sessions/create).
///
/// Hosted sessions need `successUrl` (and usually `cancelUrl`); embedded and elements
/// sessions need `returnUrl` unless `redirectOnCompletion` is `never`. Names differ by
/// version: ``formParams(apiVersion:)`` sends `ui_mode` in the version's spelling and the
/// method list as `allowed_payment_method_types` (2026-09-30.endive on) or
/// `payment_method_types` (before).
public struct CheckoutSessionCreateParams: StripeParams, Equatable {
    /// `payment`, `setup` or `subscription`.
    public var mode: CheckoutSessionMode
    /// `hosted_page` (Stripe's default when absent), `embedded_page` or `elements`; the old
    /// names are accepted and sent in the version's spelling.
    public var uiMode: CheckoutSessionUIMode?
    /// Embedded and elements sessions: `always`, `if_required` or `never`.
    public var redirectOnCompletion: CheckoutRedirectOnCompletion?
    /// The items, sent as `line_items[i][…]`.
    public var lineItems: [CheckoutLineItemParams]
    /// Where the hosted page sends the customer after payment.
    public var successUrl: String?
    /// Where the hosted page sends the customer on cancel.
    public var cancelUrl: String?
    /// Where embedded Checkout returns.
    public var returnUrl: String?
    /// An existing customer, `cus_…`.
    public var customer: String?
    /// Prefills the email.
    public var customerEmail: String?
    /// Your reference (e.g. an order id).
    public var clientReferenceId: String?
    /// `payment_intent_data[application_fee_amount]`: the platform's fee in the smallest currency unit.
    public var applicationFeeAmount: Int?
    /// `payment_intent_data[capture_method]`.
    public var captureMethod: CaptureMethod?
    /// `payment_intent_data[metadata]`: copied onto the PaymentIntent.
    public var paymentIntentMetadata: [String: String]?
    /// The payment method types to offer, e.g. `card`, `sepa_debit`: sent as
    /// `allowed_payment_method_types` or `payment_method_types` by version.
    public var paymentMethodTypes: [String]?
    /// Expiry time, Unix seconds (30 min to 24 h ahead).
    public var expiresAt: Int?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Fields to expand in the response.
    public var expand: [String]?
    /// Parameters not modelled here, set last.
    public var extra: FormParams
    /// `payment_intent_data[setup_future_usage]`: `on_session` or `off_session` (needs `customer`).
    public var setupFutureUsage: String? = nil

    /// Checkout Session parameters.
    public init(
        mode: CheckoutSessionMode = .payment, uiMode: CheckoutSessionUIMode? = nil,
        lineItems: [CheckoutLineItemParams], successUrl: String? = nil, cancelUrl: String? = nil,
        returnUrl: String? = nil, customer: String? = nil, customerEmail: String? = nil,
        clientReferenceId: String? = nil, applicationFeeAmount: Int? = nil, captureMethod: CaptureMethod? = nil,
        paymentIntentMetadata: [String: String]? = nil, paymentMethodTypes: [String]? = nil,
        expiresAt: Int? = nil, metadata: [String: String]? = nil, expand: [String]? = nil,
        redirectOnCompletion: CheckoutRedirectOnCompletion? = nil, extra: FormParams = FormParams()
    ) {
        self.redirectOnCompletion = redirectOnCompletion
        self.mode = mode; self.uiMode = uiMode; self.lineItems = lineItems; self.successUrl = successUrl
        self.cancelUrl = cancelUrl; self.returnUrl = returnUrl; self.customer = customer
        self.customerEmail = customerEmail; self.clientReferenceId = clientReferenceId
        self.applicationFeeAmount = applicationFeeAmount; self.captureMethod = captureMethod
        self.paymentIntentMetadata = paymentIntentMetadata; self.paymentMethodTypes = paymentMethodTypes
        self.expiresAt = expiresAt; self.metadata = metadata; self.expand = expand; self.extra = extra
    }

    /// The form parameters of ``StripeAPIVersion/current``.
    public var formParams: FormParams { formParams(apiVersion: StripeAPIVersion.current) }

    /// The form parameters in a fixed order, named as `apiVersion` names them.
    public func formParams(apiVersion: String) -> FormParams {
        var p = FormParams()
        p.set("mode", mode)
        p.set("ui_mode", uiMode?.wireValue(apiVersion: apiVersion))
        p.set("redirect_on_completion", redirectOnCompletion)
        p["line_items"] = .array(lineItems.map { .object($0.formParams) })
        p.set("success_url", successUrl)
        p.set("cancel_url", cancelUrl)
        p.set("return_url", returnUrl)
        p.set("customer", customer)
        p.set("customer_email", customerEmail)
        p.set("client_reference_id", clientReferenceId)
        var intentData = FormParams()
        intentData.set("application_fee_amount", applicationFeeAmount)
        intentData.set("capture_method", captureMethod)
        intentData.set("metadata", paymentIntentMetadata)
        intentData.set("setup_future_usage", setupFutureUsage)
        if !intentData.isEmpty { p["payment_intent_data"] = .object(intentData) }
        p.set(
            StripeAPIVersion.usesAllowedPaymentMethodTypes(apiVersion) ? "allowed_payment_method_types" : "payment_method_types",
            paymentMethodTypes)
        p.set("expires_at", expiresAt)
        p.set("metadata", metadata)
        p.set("expand", expand)
        return p.merging(extra)
    }
}

/// One `line_items[i]` entry: an existing `price` or inline `price_data`, and a quantity.
public struct CheckoutLineItemParams: Sendable, Equatable {
    /// An existing price, `price_…`.
    public var price: String?
    /// An inline price.
    public var priceData: PriceData?
    /// Quantity (default 1).
    public var quantity: Int

    /// `price_data[…]`: currency, unit amount and either a product id or `product_data[name]`.
    public struct PriceData: Sendable, Equatable {
        /// Three-letter currency code.
        public var currency: String
        /// The unit price in the currency's smallest unit.
        public var unitAmount: Int
        /// An existing product, `prod_…`.
        public var product: String?
        /// `product_data[name]`: an inline product's name.
        public var productName: String?
        /// `product_data[description]`.
        public var productDescription: String?

        /// Inline price data.
        public init(
            currency: String, unitAmount: Int, product: String? = nil,
            productName: String? = nil, productDescription: String? = nil
        ) {
            self.currency = currency; self.unitAmount = unitAmount; self.product = product
            self.productName = productName; self.productDescription = productDescription
        }

        var formParams: FormParams {
            var p = FormParams()
            p.set("currency", currency)
            p.set("unit_amount", unitAmount)
            p.set("product", product)
            if productName != nil || productDescription != nil {
                var product = FormParams()
                product.set("name", productName)
                product.set("description", productDescription)
                p["product_data"] = .object(product)
            }
            return p
        }
    }

    /// A line item with an existing price.
    public init(price: String, quantity: Int = 1) {
        self.price = price; self.priceData = nil; self.quantity = quantity
    }

    /// A line item with an inline price.
    public init(priceData: PriceData, quantity: Int = 1) {
        self.price = nil; self.priceData = priceData; self.quantity = quantity
    }

    var formParams: FormParams {
        var p = FormParams()
        p.set("price", price)
        p.set("price_data", priceData?.formParams)
        p.set("quantity", quantity)
        return p
    }
}
