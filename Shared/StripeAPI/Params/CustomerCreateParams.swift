/// Parameters of `POST /v1/customers` (https://docs.stripe.com/api/customers/create).
public struct CustomerCreateParams: StripeParams, Equatable {
    /// Email.
    public var email: String?
    /// Full name or business name.
    public var name: String?
    /// Phone.
    public var phone: String?
    /// Your description.
    public var description: String?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Parameters not modelled here, set last.
    public var extra: FormParams

    /// Customer parameters.
    public init(
        email: String? = nil, name: String? = nil, phone: String? = nil, description: String? = nil,
        metadata: [String: String]? = nil, extra: FormParams = FormParams()
    ) {
        self.email = email; self.name = name; self.phone = phone; self.description = description
        self.metadata = metadata; self.extra = extra
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("email", email); p.set("name", name); p.set("phone", phone); p.set("description", description)
        p.set("metadata", metadata)
        return p.merging(extra)
    }
}
