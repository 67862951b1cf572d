/// The cart a reader shows (Stripe reference: Terminal Readers, `set_reader_display`,
/// `type=cart`, `cart[…]`): its lines, the tax and the total, in one currency.
///
/// The gateway refuses a total that is not Σ amount × quantity + tax
/// (`validation.cart_total_mismatch`): the customer must see what the lines add up to.
public struct ReaderCart: Codable, Sendable, Equatable, FieldDocumented {
    /// Currency of every amount.
    public var currency: String
    /// The lines shown, 1 to 100.
    public var lineItems: [ReaderCartLineItem]
    /// The tax shown, in the smallest currency unit (absent: none shown).
    public var tax: Int?
    /// The total shown, in the smallest currency unit: Σ amount × quantity + tax.
    public var total: Int

    /// The most lines one cart carries.
    public static let maximumLineItems = 100

    /// Creates the cart.
    public init(currency: String, lineItems: [ReaderCartLineItem], tax: Int? = nil, total: Int) {
        self.currency = currency
        self.lineItems = lineItems
        self.tax = tax
        self.total = total
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "currency": "Currency of every amount.",
        "line_items": "The lines shown, 1 to 100.",
        "tax": "The tax shown, in the smallest currency unit (absent: none shown).",
        "total":
            "The total shown, in the smallest currency unit: Σ amount × quantity + tax. The service checks the sum (`validation.cart_total_mismatch`); JSON Schema cannot add fields, so this schema does not.",
    ]

    /// Σ amount × quantity + tax, or nil when it overflows.
    public var computedTotal: Int? {
        var sum = tax ?? 0
        for line in lineItems {
            let (product, overflow) = line.amount.multipliedReportingOverflow(by: line.quantity)
            let (next, overflowSum) = sum.addingReportingOverflow(product)
            guard !overflow, !overflowSum else { return nil }
            sum = next
        }
        return sum
    }

    /// Checks the cart.
    /// - Throws: `validation.*` naming `field.…` (`cart.line_items`, `cart.total`, …).
    public func validate(field: String) throws(ReplyError) {
        try Validation.currency(currency, field: "\(field).currency")
        try Validation.nonEmpty(lineItems, field: "\(field).line_items")
        guard lineItems.count <= Self.maximumLineItems else {
            throw .invalid("\(field).line_items", "at most \(Self.maximumLineItems) lines")
        }
        for (i, line) in lineItems.enumerated() { try line.validate(field: "\(field).line_items[\(i)]") }
        if let tax, tax < 0 { throw .invalid("\(field).tax", "must not be negative", code: ReplyError.Code.invalidAmount) }
        guard total >= 0 else { throw .invalid("\(field).total", "must not be negative", code: ReplyError.Code.invalidAmount) }
        guard let computed = computedTotal, computed == total else {
            throw .invalid(
                "\(field).total", "must be the sum of amount × quantity plus tax (\(computedTotal.map(String.init) ?? "overflow")), got \(total)",
                code: ReplyError.Code.cartTotalMismatch)
        }
    }
}

extension ReaderCart: SchemaConstrained {
    /// The field rules of ``validate(field:)`` in the catalogue's JSON Schema (all but the sum).
    public static var fieldRules: [String: SchemaRule] {
        [
            "currency": .currency,
            "line_items": SchemaRule.minItems(1).and(SchemaRule(["maxItems": .int(maximumLineItems)])),
            "tax": .nonNegative,
            "total": .nonNegative,
        ]
    }
}
