/// A person's parameters (https://docs.stripe.com/api/persons/create): the body of
/// `POST /v1/accounts/{id}/persons` and `POST /v1/accounts/{id}/persons/{person}`, and the
/// `individual[…]` of an individual account (https://docs.stripe.com/api/accounts/create#create_account-individual).
public struct PersonParams: StripeParams, Equatable {
    /// First name.
    public var firstName: String?
    /// Last name.
    public var lastName: String?
    /// Email.
    public var email: String?
    /// Phone.
    public var phone: String?
    /// `dob[…]`: date of birth.
    public var dob: DateOfBirthParams?
    /// `address[…]`: home address.
    public var address: AddressParams?
    /// Government-issued id number (SSN in the US).
    public var idNumber: String?
    /// `relationship[…]`.
    public var relationship: Relationship?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Parameters not modelled here, set last.
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
        /// Percent of the account's ownership (0–100), sent as a decimal string (`25`, `12.5`).
        public var percentOwnership: Double?

        /// Relationship flags.
        public init(
            representative: Bool? = nil, owner: Bool? = nil, director: Bool? = nil,
            executive: Bool? = nil, title: String? = nil, percentOwnership: Double? = nil
        ) {
            self.representative = representative; self.owner = owner; self.director = director
            self.executive = executive; self.title = title; self.percentOwnership = percentOwnership
        }

        var formParams: FormParams {
            var p = FormParams()
            p.set("representative", representative); p.set("owner", owner); p.set("director", director)
            p.set("executive", executive); p.set("title", title)
            if let percentOwnership {
                p.set(
                    "percent_ownership",
                    percentOwnership == percentOwnership.rounded()
                        ? String(Int(percentOwnership)) : String(percentOwnership))
            }
            return p
        }
    }

    /// Person parameters; absent parts are not sent.
    public init(
        firstName: String? = nil, lastName: String? = nil, email: String? = nil, phone: String? = nil,
        dob: DateOfBirthParams? = nil, address: AddressParams? = nil, idNumber: String? = nil,
        relationship: Relationship? = nil, metadata: [String: String]? = nil, extra: FormParams = FormParams()
    ) {
        self.firstName = firstName; self.lastName = lastName; self.email = email; self.phone = phone
        self.dob = dob; self.address = address; self.idNumber = idNumber
        self.relationship = relationship; self.metadata = metadata; self.extra = extra
    }

    /// The form parameters in a fixed order (an empty object is not sent).
    public var formParams: FormParams {
        var p = FormParams()
        p.set("first_name", firstName); p.set("last_name", lastName); p.set("email", email); p.set("phone", phone)
        p.set("dob", dob?.formParams)
        p.set("address", address?.formParams)
        p.set("id_number", idNumber)
        p.set("relationship", relationship?.formParams)
        p.set("metadata", metadata)
        return p.merging(extra)
    }
}

/// The parameters of `POST /v1/accounts/{id}/persons` (https://docs.stripe.com/api/persons/create).
public typealias PersonCreateParams = PersonParams

/// `dob[…]`: a date of birth.
public struct DateOfBirthParams: Sendable, Equatable {
    /// Day of the month (1–31).
    public var day: Int
    /// Month (1–12).
    public var month: Int
    /// Four-digit year.
    public var year: Int

    /// A date of birth.
    public init(day: Int, month: Int, year: Int) { self.day = day; self.month = month; self.year = year }

    var formParams: FormParams {
        var p = FormParams()
        p.set("day", day); p.set("month", month); p.set("year", year)
        return p
    }
}

/// `address[…]`: a postal address.
public struct AddressParams: Sendable, Equatable {
    /// Street line 1.
    public var line1: String?
    /// Street line 2.
    public var line2: String?
    /// City.
    public var city: String?
    /// State, county, province or region.
    public var state: String?
    /// ZIP or postal code.
    public var postalCode: String?
    /// Two-letter country code (ISO 3166-1 alpha-2).
    public var country: String?

    /// An address; absent parts are not sent.
    public init(
        line1: String? = nil, line2: String? = nil, city: String? = nil, state: String? = nil,
        postalCode: String? = nil, country: String? = nil
    ) {
        self.line1 = line1; self.line2 = line2; self.city = city; self.state = state
        self.postalCode = postalCode; self.country = country
    }

    var formParams: FormParams {
        var p = FormParams()
        p.set("line1", line1); p.set("line2", line2); p.set("city", city)
        p.set("state", state); p.set("postal_code", postalCode); p.set("country", country)
        return p
    }
}
