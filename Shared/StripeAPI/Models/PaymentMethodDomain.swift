/// A web domain registered for payment methods that need one (Apple Pay, Google Pay, Link,
/// PayPal, …) (`object: "payment_method_domain"`).
/// See https://docs.stripe.com/api/payment_method_domains/object.
public struct PaymentMethodDomain: Codable, Sendable, Equatable, StripeIdentifiable {
    /// The id, `pmd_…`.
    public var id: String
    /// Always `payment_method_domain`.
    public var object: String?
    /// The hostname this object represents.
    public var domainName: String?
    /// Whether payment methods that need a domain appear in Elements on it.
    public var enabled: Bool?
    /// Apple Pay on this domain.
    public var applePay: Status?
    /// Google Pay on this domain.
    public var googlePay: Status?
    /// Link on this domain.
    public var link: Status?
    /// PayPal on this domain.
    public var paypal: Status?
    /// `false` in test mode.
    public var livemode: Bool?
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?

    /// The status of one payment method on the domain
    /// (`PaymentMethodDomainResourcePaymentMethodStatus`).
    public struct Status: Codable, Sendable, Equatable {
        /// `active` or `inactive`.
        public var status: String?
        /// Why the method is inactive (`error_message`), when it is.
        public var statusDetails: Details?

        /// What Stripe says of an inactive method.
        public struct Details: Codable, Sendable, Equatable {
            /// The error message, e.g. the domain association file was not found.
            public var errorMessage: String?

            /// A value with the given message.
            public init(errorMessage: String? = nil) { self.errorMessage = errorMessage }

            enum CodingKeys: String, CodingKey { case errorMessage = "error_message" }
        }

        /// A value with the given fields.
        public init(status: String? = nil, statusDetails: Details? = nil) {
            self.status = status
            self.statusDetails = statusDetails
        }

        enum CodingKeys: String, CodingKey {
            case status
            case statusDetails = "status_details"
        }
    }

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        id: String, object: String? = nil, domainName: String? = nil, enabled: Bool? = nil,
        applePay: Status? = nil, googlePay: Status? = nil, link: Status? = nil, paypal: Status? = nil,
        livemode: Bool? = nil, created: Int? = nil
    ) {
        self.id = id
        self.object = object
        self.domainName = domainName
        self.enabled = enabled
        self.applePay = applePay
        self.googlePay = googlePay
        self.link = link
        self.paypal = paypal
        self.livemode = livemode
        self.created = created
    }

    enum CodingKeys: String, CodingKey {
        case id
        case object
        case domainName = "domain_name"
        case enabled
        case applePay = "apple_pay"
        case googlePay = "google_pay"
        case link
        case paypal
        case livemode
        case created
    }
}
