/// A payment method domain of a connected account as Stripe reports it
/// (https://docs.stripe.com/api/payment_method_domains/object): the domain, whether it is
/// enabled, and the status of each wallet that needs a registered domain on the web.
public struct PaymentMethodDomainInfo: Codable, Sendable, Equatable, FieldDocumented {
    /// The PaymentMethodDomain id (`pmd_…`).
    public var paymentMethodDomain: String
    /// The hostname, e.g. `shop.example.com`.
    public var domainName: String
    /// Whether payment methods that need a domain appear in Elements on it.
    public var enabled: Bool
    /// `apple_pay.status`: `active` or `inactive` (then ``applePayError`` says why).
    public var applePayStatus: String?
    /// `apple_pay.status_details.error_message` when Apple Pay is inactive on the domain.
    public var applePayError: String?
    /// `google_pay.status`: `active` or `inactive`.
    public var googlePayStatus: String?
    /// `link.status`: `active` or `inactive`.
    public var linkStatus: String?
    /// `paypal.status`: `active` or `inactive`.
    public var paypalStatus: String?
    /// When Stripe created it (Unix seconds).
    public var created: Int?

    /// Creates the value; optional fields default to absent.
    public init(
        paymentMethodDomain: String, domainName: String, enabled: Bool, applePayStatus: String? = nil,
        applePayError: String? = nil, googlePayStatus: String? = nil, linkStatus: String? = nil,
        paypalStatus: String? = nil, created: Int? = nil
    ) {
        self.paymentMethodDomain = paymentMethodDomain
        self.domainName = domainName
        self.enabled = enabled
        self.applePayStatus = applePayStatus
        self.applePayError = applePayError
        self.googlePayStatus = googlePayStatus
        self.linkStatus = linkStatus
        self.paypalStatus = paypalStatus
        self.created = created
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "payment_method_domain": "The PaymentMethodDomain id (`pmd_…`).",
        "domain_name": "The hostname, e.g. `shop.example.com`.",
        "enabled": "Whether payment methods that need a domain appear in Elements on it.",
        "apple_pay_status": "`apple_pay.status`: `active` or `inactive` (then `apple_pay_error` says why).",
        "apple_pay_error": "`apple_pay.status_details.error_message` when Apple Pay is inactive on the domain.",
        "google_pay_status": "`google_pay.status`: `active` or `inactive`.",
        "link_status": "`link.status`: `active` or `inactive`.",
        "paypal_status": "`paypal.status`: `active` or `inactive`.",
        "created": "When Stripe created it (Unix seconds).",
    ]
}
