/// Parameters of `POST /v1/accounts/{id}/persons` (https://docs.stripe.com/api/persons/create).
public struct PersonCreateParams: StripeParams, Equatable {
    /// First name.
    public var firstName: String?
    /// Last name.
    public var lastName: String?
    /// Email.
    public var email: String?
    /// Phone.
    public var phone: String?
    /// `relationship[…]`.
    public var relationship: Relationship?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Parameters not modelled here (e.g. `dob[day]`), set last.
    public var extra: FormParams

    /// `relationship[…]` parameters.
    public struct Relationship: Sendable, Equatable {
        /// The person who can act for the account.
        public var representative: Bool?
        /// Owns at least 25 %.
        public var owner: Bool?
        /// A director.
        public var director: Bool?
        /// An executive.
        public var executive: Bool?
        /// Job title.
        public var title: String?

        /// Relationship flags.
        public init(representative: Bool? = nil, owner: Bool? = nil, director: Bool? = nil,
                    executive: Bool? = nil, title: String? = nil) {
            self.representative = representative; self.owner = owner; self.director = director
            self.executive = executive; self.title = title
        }

        var formParams: FormParams {
            var p = FormParams()
            p.set("representative", representative); p.set("owner", owner); p.set("director", director)
            p.set("executive", executive); p.set("title", title)
            return p
        }
    }

    /// Person parameters.
    public init(firstName: String? = nil, lastName: String? = nil, email: String? = nil, phone: String? = nil,
                relationship: Relationship? = nil, metadata: [String: String]? = nil, extra: FormParams = FormParams()) {
        self.firstName = firstName; self.lastName = lastName; self.email = email; self.phone = phone
        self.relationship = relationship; self.metadata = metadata; self.extra = extra
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("first_name", firstName); p.set("last_name", lastName); p.set("email", email); p.set("phone", phone)
        p.set("relationship", relationship?.formParams)
        p.set("metadata", metadata)
        return p.merging(extra)
    }
}
