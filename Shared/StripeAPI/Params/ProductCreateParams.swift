/// Parameters of `POST /v1/products` (https://docs.stripe.com/api/products/create).
public struct ProductCreateParams: StripeParams, Equatable {
    /// The name shown to customers.
    public var name: String
    /// A longer description.
    public var description: String?
    /// Whether it can be bought (default `true`).
    public var active: Bool?
    /// Your own id for the product (`id`), if you want to choose it.
    public var id: String?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Parameters not modelled here (e.g. `default_price_data`), set last.
    public var extra: FormParams

    /// Product parameters.
    public init(
        name: String, description: String? = nil, active: Bool? = nil, id: String? = nil,
        metadata: [String: String]? = nil, extra: FormParams = FormParams()
    ) {
        self.name = name; self.description = description; self.active = active; self.id = id
        self.metadata = metadata; self.extra = extra
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("id", id); p.set("name", name); p.set("description", description); p.set("active", active)
        p.set("metadata", metadata)
        return p.merging(extra)
    }
}
