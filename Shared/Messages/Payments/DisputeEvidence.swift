/// The evidence of a dispute, in Stripe's fields (Stripe API reference: Disputes, update,
/// `evidence`): text, or for the file fields the id of a File uploaded to Stripe (`file_…`,
/// https://docs.stripe.com/file-upload) on the connected account. Every field is optional;
/// a field given replaces what was staged before, an absent one is left as it was. The text
/// of all fields together is at most ``characterLimit`` characters (Stripe's limit).
public struct DisputeEvidence: Codable, Sendable, Equatable, FieldDocumented {
    /// Server or activity logs showing the buyer accessed or downloaded the purchased digital product.
    public var accessActivityLog: String?
    /// The billing address the buyer gave.
    public var billingAddress: String?
    /// Your subscription cancellation policy as shown to the buyer (an uploaded File id, `file_…`).
    public var cancellationPolicy: String?
    /// How and when the buyer was shown the cancellation policy before purchase.
    public var cancellationPolicyDisclosure: String?
    /// Why the buyer's subscription was not canceled.
    public var cancellationRebuttal: String?
    /// Communication with the buyer relevant to the case (an uploaded File id, `file_…`).
    public var customerCommunication: String?
    /// The buyer's e-mail address.
    public var customerEmailAddress: String?
    /// The buyer's name.
    public var customerName: String?
    /// The IP address the buyer purchased from.
    public var customerPurchaseIp: String?
    /// A relevant document or contract signed by the buyer (an uploaded File id, `file_…`).
    public var customerSignature: String?
    /// Documentation of the other, legitimate payment for a duplicate dispute (an uploaded File id, `file_…`).
    public var duplicateChargeDocumentation: String?
    /// Why the two payments are not duplicates.
    public var duplicateChargeExplanation: String?
    /// The Stripe id of the other, legitimate payment.
    public var duplicateChargeId: String?
    /// A description of the product or service sold.
    public var productDescription: String?
    /// The receipt or message sent to the buyer (an uploaded File id, `file_…`).
    public var receipt: String?
    /// Your refund policy as shown to the buyer (an uploaded File id, `file_…`).
    public var refundPolicy: String?
    /// How and when the buyer was shown the refund policy before purchase.
    public var refundPolicyDisclosure: String?
    /// Why the buyer is not entitled to a refund.
    public var refundRefusalExplanation: String?
    /// The date the service was provided, as text (e.g. `2026-12-01`).
    public var serviceDate: String?
    /// Proof that the service was provided (an uploaded File id, `file_…`).
    public var serviceDocumentation: String?
    /// The address the product was shipped to.
    public var shippingAddress: String?
    /// The delivery service that shipped the product (e.g. UPS).
    public var shippingCarrier: String?
    /// The date the product was shipped, as text.
    public var shippingDate: String?
    /// Proof of shipping or delivery (an uploaded File id, `file_…`).
    public var shippingDocumentation: String?
    /// The carrier's tracking number; several may be separated by commas.
    public var shippingTrackingNumber: String?
    /// Any other evidence (an uploaded File id, `file_…`).
    public var uncategorizedFile: String?
    /// Any other evidence or statements. In test mode Stripe decides a submitted dispute by it: `winning_evidence` wins, `losing_evidence` loses.
    public var uncategorizedText: String?

    /// Creates the evidence; fields default to absent.
    public init(
        accessActivityLog: String? = nil, billingAddress: String? = nil, cancellationPolicy: String? = nil,
        cancellationPolicyDisclosure: String? = nil, cancellationRebuttal: String? = nil, customerCommunication: String? = nil,
        customerEmailAddress: String? = nil, customerName: String? = nil, customerPurchaseIp: String? = nil, customerSignature: String? = nil,
        duplicateChargeDocumentation: String? = nil, duplicateChargeExplanation: String? = nil, duplicateChargeId: String? = nil,
        productDescription: String? = nil, receipt: String? = nil, refundPolicy: String? = nil, refundPolicyDisclosure: String? = nil,
        refundRefusalExplanation: String? = nil, serviceDate: String? = nil, serviceDocumentation: String? = nil, shippingAddress: String? = nil,
        shippingCarrier: String? = nil, shippingDate: String? = nil, shippingDocumentation: String? = nil, shippingTrackingNumber: String? = nil,
        uncategorizedFile: String? = nil, uncategorizedText: String? = nil
    ) {
        self.accessActivityLog = accessActivityLog
        self.billingAddress = billingAddress
        self.cancellationPolicy = cancellationPolicy
        self.cancellationPolicyDisclosure = cancellationPolicyDisclosure
        self.cancellationRebuttal = cancellationRebuttal
        self.customerCommunication = customerCommunication
        self.customerEmailAddress = customerEmailAddress
        self.customerName = customerName
        self.customerPurchaseIp = customerPurchaseIp
        self.customerSignature = customerSignature
        self.duplicateChargeDocumentation = duplicateChargeDocumentation
        self.duplicateChargeExplanation = duplicateChargeExplanation
        self.duplicateChargeId = duplicateChargeId
        self.productDescription = productDescription
        self.receipt = receipt
        self.refundPolicy = refundPolicy
        self.refundPolicyDisclosure = refundPolicyDisclosure
        self.refundRefusalExplanation = refundRefusalExplanation
        self.serviceDate = serviceDate
        self.serviceDocumentation = serviceDocumentation
        self.shippingAddress = shippingAddress
        self.shippingCarrier = shippingCarrier
        self.shippingDate = shippingDate
        self.shippingDocumentation = shippingDocumentation
        self.shippingTrackingNumber = shippingTrackingNumber
        self.uncategorizedFile = uncategorizedFile
        self.uncategorizedText = uncategorizedText
    }

    /// Stripe's limit on the combined length of the evidence.
    public static let characterLimit = 150_000
    /// The fields that take an uploaded File id (`file_…`) rather than text.
    public static let fileFields: Set<String> = [
        "cancellation_policy", "customer_communication", "customer_signature", "duplicate_charge_documentation", "receipt", "refund_policy",
        "service_documentation", "shipping_documentation", "uncategorized_file",
    ]

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "access_activity_log": "Server or activity logs showing the buyer accessed or downloaded the purchased digital product.",
        "billing_address": "The billing address the buyer gave.",
        "cancellation_policy": "Your subscription cancellation policy as shown to the buyer (an uploaded File id, `file_…`).",
        "cancellation_policy_disclosure": "How and when the buyer was shown the cancellation policy before purchase.",
        "cancellation_rebuttal": "Why the buyer's subscription was not canceled.",
        "customer_communication": "Communication with the buyer relevant to the case (an uploaded File id, `file_…`).",
        "customer_email_address": "The buyer's e-mail address.",
        "customer_name": "The buyer's name.",
        "customer_purchase_ip": "The IP address the buyer purchased from.",
        "customer_signature": "A relevant document or contract signed by the buyer (an uploaded File id, `file_…`).",
        "duplicate_charge_documentation": "Documentation of the other, legitimate payment for a duplicate dispute (an uploaded File id, `file_…`).",
        "duplicate_charge_explanation": "Why the two payments are not duplicates.",
        "duplicate_charge_id": "The Stripe id of the other, legitimate payment.",
        "product_description": "A description of the product or service sold.",
        "receipt": "The receipt or message sent to the buyer (an uploaded File id, `file_…`).",
        "refund_policy": "Your refund policy as shown to the buyer (an uploaded File id, `file_…`).",
        "refund_policy_disclosure": "How and when the buyer was shown the refund policy before purchase.",
        "refund_refusal_explanation": "Why the buyer is not entitled to a refund.",
        "service_date": "The date the service was provided, as text (e.g. `2026-12-01`).",
        "service_documentation": "Proof that the service was provided (an uploaded File id, `file_…`).",
        "shipping_address": "The address the product was shipped to.",
        "shipping_carrier": "The delivery service that shipped the product (e.g. UPS).",
        "shipping_date": "The date the product was shipped, as text.",
        "shipping_documentation": "Proof of shipping or delivery (an uploaded File id, `file_…`).",
        "shipping_tracking_number": "The carrier's tracking number; several may be separated by commas.",
        "uncategorized_file": "Any other evidence (an uploaded File id, `file_…`).",
        "uncategorized_text":
            "Any other evidence or statements. In test mode Stripe decides a submitted dispute by it: `winning_evidence` wins, `losing_evidence` loses.",
    ]

    /// The fields given, by Stripe's name, in Stripe's order.
    public var given: [(field: String, value: String)] {
        let all: [(String, String?)] = [
            ("access_activity_log", accessActivityLog),
            ("billing_address", billingAddress),
            ("cancellation_policy", cancellationPolicy),
            ("cancellation_policy_disclosure", cancellationPolicyDisclosure),
            ("cancellation_rebuttal", cancellationRebuttal),
            ("customer_communication", customerCommunication),
            ("customer_email_address", customerEmailAddress),
            ("customer_name", customerName),
            ("customer_purchase_ip", customerPurchaseIp),
            ("customer_signature", customerSignature),
            ("duplicate_charge_documentation", duplicateChargeDocumentation),
            ("duplicate_charge_explanation", duplicateChargeExplanation),
            ("duplicate_charge_id", duplicateChargeId),
            ("product_description", productDescription),
            ("receipt", receipt),
            ("refund_policy", refundPolicy),
            ("refund_policy_disclosure", refundPolicyDisclosure),
            ("refund_refusal_explanation", refundRefusalExplanation),
            ("service_date", serviceDate),
            ("service_documentation", serviceDocumentation),
            ("shipping_address", shippingAddress),
            ("shipping_carrier", shippingCarrier),
            ("shipping_date", shippingDate),
            ("shipping_documentation", shippingDocumentation),
            ("shipping_tracking_number", shippingTrackingNumber),
            ("uncategorized_file", uncategorizedFile),
            ("uncategorized_text", uncategorizedText),
        ]
        return all.compactMap { name, value in value.map { (name, $0) } }
    }

    /// Checks the field rules: file fields hold `file_…` ids, text fields at least one
    /// visible character, all text together at most ``characterLimit`` characters.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError`` naming `<field>.<name>`.
    public func validate(field: String = "evidence") throws(ReplyError) {
        var length = 0
        for (name, value) in given {
            if Self.fileFields.contains(name) {
                try Validation.id(value, prefix: "file_", field: "\(field).\(name)")
            } else {
                try Validation.nonEmpty(value, field: "\(field).\(name)")
                length += value.count
            }
        }
        guard length <= Self.characterLimit else {
            throw ReplyError(
                code: ReplyError.Code.tooLong,
                message: "the evidence's text is \(length) characters; Stripe takes at most \(Self.characterLimit)", field: field)
        }
    }
}

extension DisputeEvidence: SchemaConstrained {
    /// The field rules of ``validate(field:)`` in the catalogue's JSON Schema (the combined
    /// length is stated in the type's description: JSON Schema cannot add lengths).
    public static var fieldRules: [String: SchemaRule] {
        var rules: [String: SchemaRule] = [:]
        for name in fieldDescriptions.keys {
            rules[name] = fileFields.contains(name) ? .stripeId("file_") : SchemaRule.nonEmpty.and(.maxLength(characterLimit))
        }
        return rules
    }
}
