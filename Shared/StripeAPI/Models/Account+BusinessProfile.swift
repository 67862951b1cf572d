extension Account {
    /// Public business details of a connected account (`business_profile`).
    public struct BusinessProfile: Codable, Sendable, Equatable {
        /// The customer-facing business name.
        public var name: String?
        /// The business's website.
        public var url: String?
        /// Merchant category code.
        public var mcc: String?
        /// What the business sells.
        public var productDescription: String?
        /// Support email shown to customers.
        public var supportEmail: String?
        /// Support phone shown to customers.
        public var supportPhone: String?
        /// Support website shown to customers.
        public var supportUrl: String?

        /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
        public init(
            name: String? = nil, url: String? = nil, mcc: String? = nil, productDescription: String? = nil,
            supportEmail: String? = nil, supportPhone: String? = nil, supportUrl: String? = nil
        ) {
            self.name = name
            self.url = url
            self.mcc = mcc
            self.productDescription = productDescription
            self.supportEmail = supportEmail
            self.supportPhone = supportPhone
            self.supportUrl = supportUrl
        }

        enum CodingKeys: String, CodingKey {
            case name
            case url
            case mcc
            case productDescription = "product_description"
            case supportEmail = "support_email"
            case supportPhone = "support_phone"
            case supportUrl = "support_url"
        }
    }
}
