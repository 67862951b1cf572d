import HTTPServer

/// `/v1/products` and `/v1/prices`, scoped to the calling account.
/// See https://docs.stripe.com/api/products and https://docs.stripe.com/api/prices.
enum CatalogEndpoints {
    static let productFields: Set<String> = [
        "name", "description", "metadata", "active", "images", "url", "tax_code", "shippable",
        "statement_descriptor", "unit_label", "default_price_data", "id",
    ]
    static let priceFields: Set<String> = [
        "currency", "unit_amount", "unit_amount_decimal", "product", "product_data", "recurring", "metadata",
        "nickname", "lookup_key", "active", "tax_behavior", "billing_scheme", "custom_unit_amount",
    ]

    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add(
            "POST", "/v1/products",
            Endpoint(productFields) { call throws(SimError) in
                try createProduct(call, params: call.params)
            })
        paths.add(
            "GET", "/v1/products",
            Endpoint(SimList.parameters.union(["active"])) { call throws(SimError) in
                try SimList.page(call.state.list(type: "product", scope: call.scope), url: "/v1/products", params: call.params)
            })
        paths.add(
            "GET", "/v1/products/:id",
            Endpoint([]) { call throws(SimError) in
                try call.state.require(call.id(), type: "product", scope: call.scope)
            })
        paths.add(
            "POST", "/v1/products/:id",
            Endpoint(productFields.subtracting(["id", "default_price_data"]).union(["default_price"])) { call throws(SimError) in
                var product = try call.state.require(call.id(), type: "product", scope: call.scope)
                for key in ["name", "description", "url", "default_price"] {
                    if let value = try call.params.string(key) { product[key] = .string(value) }
                }
                if let active = try call.params.bool("active") { product["active"] = .bool(active) }
                if let metadata = try call.params.metadata() { product["metadata"] = metadata }
                product["updated"] = .int(call.now)
                call.state.replace(product)
                call.emit("product.updated", product)
                return product
            })
        paths.add(
            "POST", "/v1/prices",
            Endpoint(priceFields) { call throws(SimError) in
                try createPrice(call, params: call.params, productId: nil)
            })
        paths.add(
            "GET", "/v1/prices",
            Endpoint(SimList.parameters.union(["product", "active"])) { call throws(SimError) in
                let product = try call.params.string("product")
                let items = call.state.list(type: "price", scope: call.scope) { product == nil || $0["product"]?.stringValue == product }
                return try SimList.page(items, url: "/v1/prices", params: call.params)
            })
        paths.add(
            "GET", "/v1/prices/:id",
            Endpoint([]) { call throws(SimError) in
                try call.state.require(call.id(), type: "price", scope: call.scope)
            })
        // Stripe's price update: amounts and currency are fixed once created; `active`,
        // `nickname`, `lookup_key`, `tax_behavior` and `metadata` change (`price.updated`).
        paths.add(
            "POST", "/v1/prices/:id",
            Endpoint(["active", "nickname", "lookup_key", "tax_behavior", "metadata", "transfer_lookup_key", "currency_options"]) {
                call throws(SimError) in
                var price = try call.state.require(call.id(), type: "price", scope: call.scope)
                if let active = try call.params.bool("active") { price["active"] = .bool(active) }
                for key in ["nickname", "lookup_key"] {
                    if let value = try call.params.string(key) { price[key] = value.isEmpty ? .null : .string(value) }
                }
                if let behaviour = try call.params.oneOf("tax_behavior", ["exclusive", "inclusive", "unspecified"]) {
                    price["tax_behavior"] = .string(behaviour)
                }
                if let metadata = try call.params.metadata() { price["metadata"] = metadata }
                call.state.replace(price)
                call.emit("price.updated", price)
                return price
            })
        // Stripe's product delete answers the deleted object (`product.deleted`).
        paths.add(
            "DELETE", "/v1/products/:id",
            Endpoint([]) { call throws(SimError) in
                let product = try call.state.require(call.id(), type: "product", scope: call.scope)
                call.state.remove(call.id())
                call.emit("product.deleted", product)
                return call.deletedObject("product")
            })
    }

    @discardableResult
    static func createProduct(_ call: SimCall, params: Params) throws(SimError) -> JSONValue {
        let name = try params.requiredString("name")
        // "The name field on product endpoints has a maximum character length limit of 250"
        // (Stripe's API changelog, 2018-11-08).
        _ = try params.string("name", maxLength: 250)
        let id = try params.string("id") ?? SimIDs.make("prod", length: 14)
        if call.state.get(id, scope: call.scope) != nil {
            throw SimError.invalidRequest("Product already exists.", param: "id", code: "resource_already_exists")
        }
        var product: JSONValue = [
            "id": .string(id), "object": "product", "active": .bool(try params.bool("active") ?? true),
            "created": .int(call.now), "updated": .int(call.now), "default_price": nil,
            "description": .optional(try params.string("description")), "images": .strings(try params.stringArray("images") ?? []),
            "livemode": false, "marketing_features": [], "metadata": try params.metadata() ?? [:], "name": .string(name),
            "package_dimensions": nil, "shippable": nil, "statement_descriptor": .optional(try params.string("statement_descriptor")),
            "tax_code": .optional(try params.string("tax_code")), "unit_label": nil, "url": .optional(try params.string("url")),
            "type": "service",
        ]
        call.state.insert(product, scope: call.scope)
        call.emit("product.created", product)
        if let priceData = try params.hash(
            "default_price_data", allowed: ["currency", "unit_amount", "unit_amount_decimal", "recurring", "tax_behavior"])
        {
            let price = try createPrice(call, params: priceData, productId: id)
            product["default_price"] = price["id"] ?? nil
            call.state.replace(product)
        }
        return product
    }

    @discardableResult
    static func createPrice(_ call: SimCall, params: Params, productId: String?) throws(SimError) -> JSONValue {
        let currency = try params.requiredString("currency").lowercased()
        var product = productId
        if product == nil {
            if let data = try params.hash("product_data", allowed: ["name", "metadata", "active", "statement_descriptor", "tax_code", "unit_label"]) {
                product = try createProduct(call, params: data)["id"]?.stringValue
            } else {
                let id = try params.requiredString("product")
                _ = try call.state.require(id, type: "product", scope: call.scope, param: "product")
                product = id
            }
        }
        var amount = try params.int("unit_amount")
        if amount == nil, let decimal = try params.string("unit_amount_decimal") { amount = Int(decimal) }
        guard let amount, amount >= 0 else {
            if params.has("custom_unit_amount") {
                throw SimError.invalidRequest("custom_unit_amount is not supported by the simulator.", param: params.name("custom_unit_amount"))
            }
            throw SimError.missing(params.name("unit_amount"))
        }
        let recurring = params.json("recurring")
        let price: JSONValue = [
            "id": .string(SimIDs.make("price")), "object": "price", "active": .bool(try params.bool("active") ?? true),
            "billing_scheme": "per_unit", "created": .int(call.now), "currency": .string(currency),
            "custom_unit_amount": nil, "livemode": false, "lookup_key": .optional(try params.string("lookup_key")),
            "metadata": try params.metadata() ?? [:], "nickname": .optional(try params.string("nickname")),
            "product": .optional(product), "recurring": recurring ?? nil,
            "tax_behavior": .string(try params.string("tax_behavior") ?? "unspecified"), "tiers_mode": nil,
            "transform_quantity": nil, "type": recurring == nil ? "one_time" : "recurring",
            "unit_amount": .int(amount), "unit_amount_decimal": .string(String(amount)),
        ]
        call.state.insert(price, scope: call.scope)
        call.emit("price.created", price)
        return price
    }
}
