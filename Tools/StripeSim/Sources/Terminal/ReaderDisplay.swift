import HTTPServer

/// `set_reader_display` (https://docs.stripe.com/api/terminal/readers/set_reader_display):
/// `type=cart` with `cart[currency]`, `cart[line_items][i][amount|description|quantity]`,
/// `cart[tax]` and `cart[total]` (all required but `tax`). The reader shows the cart at once:
/// its action becomes `set_reader_display` `succeeded` (with the cart) and
/// `terminal.reader.action_succeeded` is sent. A reader with an action in progress answers
/// 409 `terminal_reader_busy`; an offline one 400 `terminal_reader_offline`.
enum ReaderDisplay {
    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add("POST", "/v1/terminal/readers/:id/set_reader_display", Endpoint(["type", "cart"], setDisplay))
    }

    private static func setDisplay(_ call: SimCall) throws(SimError) -> JSONValue {
        var reader = try ReaderActions.onlineReader(call)
        if reader.value(at: "action.status") == "in_progress" {
            throw SimError(
                status: 409, type: "invalid_request_error", code: "terminal_reader_busy",
                message: "Reader is currently busy processing another request.")
        }
        let type = try call.params.requiredString("type")
        guard type == "cart" else {
            throw SimError.notOneOf("type", ["cart"])
        }
        guard let cart = try call.params.hash("cart", allowed: ["currency", "line_items", "tax", "total"]) else {
            throw SimError.invalidRequest("Missing required param: cart.", param: "cart", code: "parameter_missing")
        }
        let currency = try cart.requiredString("currency").lowercased()
        let total = try cart.requiredInt("total")
        let tax = try cart.int("tax")
        guard let lines = try cart.hashArray("line_items") else {
            throw SimError.invalidRequest("Missing required param: cart[line_items].", param: "cart[line_items]", code: "parameter_missing")
        }
        var items: [JSONValue] = []
        for line in lines {
            try line.requireOnly(["amount", "description", "quantity"])
            items.append([
                "amount": .int(try line.requiredInt("amount")), "description": .string(try line.requiredString("description")),
                "quantity": .int(try line.requiredInt("quantity")),
            ])
        }
        reader["action"] = [
            "type": "set_reader_display", "status": "succeeded", "failure_code": nil, "failure_message": nil,
            "set_reader_display": [
                "type": "cart",
                "cart": ["currency": .string(currency), "line_items": .array(items), "tax": .optional(tax), "total": .int(total)],
            ],
        ]
        call.state.replace(reader)
        call.emit("terminal.reader.action_succeeded", reader)
        return reader
    }
}
