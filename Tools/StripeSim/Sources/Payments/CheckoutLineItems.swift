/// Turns Checkout's `line_items[n][price|price_data][quantity]` into `item` objects and totals.
enum CheckoutLineItems {
    /// Checkout's maximum number of line items in `payment` mode (Stripe's API reference).
    static let maximumLines = 100

    static func build(_ call: SimCall, params: Params) throws(SimError) -> (items: [JSONValue], currency: String, total: Int) {
        guard let lines = try params.hashArray("line_items"), !lines.isEmpty else { throw SimError.missing("line_items") }
        guard lines.count <= maximumLines else {
            throw SimError.invalidRequest(
                "You passed \(lines.count) line items, but Checkout Sessions in payment mode accept at most \(maximumLines).",
                param: "line_items", code: "parameter_invalid_array")
        }
        var items: [JSONValue] = []
        var currency: String?
        var total = 0
        for line in lines {
            try line.requireOnly(["price", "price_data", "quantity", "adjustable_quantity", "tax_rates", "dynamic_tax_rates"])
            let quantity = try line.int("quantity") ?? 0
            guard quantity >= 1 else { throw SimError.missing(line.name("quantity")) }
            let price: JSONValue
            if let priceId = try line.string("price") {
                price = try call.state.require(priceId, type: "price", scope: call.scope, param: line.name("price"))
            } else if let data = try line.hash(
                "price_data", allowed: ["currency", "unit_amount", "unit_amount_decimal", "product", "product_data", "tax_behavior", "recurring"])
            {
                price = try CatalogEndpoints.createPrice(call, params: data, productId: nil)
            } else {
                throw SimError.missing(line.name("price"))
            }
            let lineCurrency = price["currency"]?.stringValue ?? "usd"
            if let currency, currency != lineCurrency {
                throw SimError.invalidRequest("All line items must use the same currency.", param: line.name("price"))
            }
            currency = lineCurrency
            let amount = (price["unit_amount"]?.intValue ?? 0) * quantity
            total += amount
            let product = price["product"]?.stringValue.flatMap { call.state.get($0, scope: call.scope) }
            items.append([
                "id": .string(SimIDs.make("li")), "object": "item", "amount_discount": 0, "amount_subtotal": .int(amount),
                "amount_tax": 0, "amount_total": .int(amount), "currency": .string(lineCurrency),
                "description": product?["name"] ?? nil, "price": price, "quantity": .int(quantity),
            ])
        }
        try ChargeAmountLimits.check(
            total, currency: currency ?? "usd", param: "line_items", subject: "The Checkout Session's total amount due")
        return (items, currency ?? "usd", total)
    }
}
