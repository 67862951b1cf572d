/// The seller's acceptance of Stripe's Services Agreement, collected by the platform
/// (Stripe API reference: Accounts, `tos_acceptance`). Stripe takes it only for accounts whose
/// requirements the platform collects (`controller.requirement_collection` `application`,
/// which includes Custom accounts); for the others Stripe's onboarding asks for the terms.
public struct TermsAcceptance: Codable, Sendable, Equatable, FieldDocumented {
    /// When the seller accepted, Unix seconds.
    public var date: Int
    /// The IP address the seller accepted from.
    public var ip: String
    /// The user agent of the browser the seller accepted in.
    public var userAgent: String?
    /// `full` or `recipient` (the service agreement type).
    public var serviceAgreement: String?

    /// Creates the value.
    public init(date: Int, ip: String, userAgent: String? = nil, serviceAgreement: String? = nil) {
        self.date = date; self.ip = ip; self.userAgent = userAgent; self.serviceAgreement = serviceAgreement
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "date": "When the seller accepted, Unix seconds (≥ 1).",
        "ip": "The IP address the seller accepted from.",
        "user_agent": "The user agent of the browser the seller accepted in.",
        "service_agreement": "`full` or `recipient` (the service agreement type).",
    ]

    /// Checks the date, the address and the agreement type.
    /// - Throws: `validation.invalid_value` naming the field under `field`.
    public func validate(field: String) throws(ReplyError) {
        if date < 1 { throw .invalid("\(field).date", "must be a Unix time in seconds") }
        try Validation.nonEmpty(ip, field: "\(field).ip")
        if let serviceAgreement, !["full", "recipient"].contains(serviceAgreement) {
            throw .invalid("\(field).service_agreement", "must be full or recipient")
        }
    }
}

extension TermsAcceptance: SchemaConstrained {
    /// The field rules of ``validate(field:)`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        ["date": .positiveAmount, "ip": .nonEmpty, "service_agreement": .allowed(["full", "recipient"])]
    }
}
