/// One line of the cart shown on a reader's screen (Stripe reference: Terminal Readers,
/// `set_reader_display`, `cart[line_items]`). Shown exactly as given: nothing is charged.
public struct ReaderCartLineItem: Codable, Sendable, Equatable, FieldDocumented {
    /// The item's name as shown, 1–100 characters.
    public var description: String
    /// The line's price in the smallest currency unit (negative for a discount line).
    public var amount: Int
    /// How many, at least 1.
    public var quantity: Int

    /// Creates the line.
    public init(description: String, amount: Int, quantity: Int) {
        self.description = description
        self.amount = amount
        self.quantity = quantity
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "description": "The item's name as shown, 1–100 characters.",
        "amount": "The line's price in the smallest currency unit (negative for a discount line).",
        "quantity": "How many, at least 1.",
    ]

    /// Checks the line.
    /// - Throws: `validation.*` naming `field` (e.g. `cart.line_items[0].quantity`).
    public func validate(field: String) throws(ReplyError) {
        try Validation.nonEmpty(description, field: "\(field).description")
        guard description.count <= 100 else { throw .invalid("\(field).description", "at most 100 characters") }
        guard quantity >= 1 else { throw .invalid("\(field).quantity", "must be at least 1") }
    }
}

extension ReaderCartLineItem: SchemaConstrained {
    /// The field rules of ``validate(field:)`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "description": SchemaRule.nonEmpty.and(SchemaRule(["maxLength": .int(100)])),
            "quantity": SchemaRule(["minimum": .int(1)]),
        ]
    }
}
