/// One line of `cart[line_items]` for ``StripeClient/setReaderDisplay(reader:_:options:)``.
public struct ReaderDisplayLineItem: Sendable, Equatable {
    /// `description`: the item's name as shown.
    public var description: String
    /// `amount`: the line's price in the smallest currency unit.
    public var amount: Int
    /// `quantity`: how many.
    public var quantity: Int

    /// A line with the given fields.
    public init(description: String, amount: Int, quantity: Int) {
        self.description = description
        self.amount = amount
        self.quantity = quantity
    }
}

/// `POST /v1/terminal/readers/{id}/set_reader_display` parameters with `type=cart`:
/// `cart[currency]`, `cart[line_items][i][description|amount|quantity]`, `cart[tax]`,
/// `cart[total]` (amounts in the smallest currency unit). Stripe reference: Terminal Readers,
/// "Set reader display".
public struct ReaderDisplayCartParams: Sendable, Equatable {
    /// `cart[currency]`, lowercase ISO 4217.
    public var currency: String
    /// `cart[line_items]`.
    public var lineItems: [ReaderDisplayLineItem]
    /// `cart[tax]` (absent: not sent).
    public var tax: Int?
    /// `cart[total]`.
    public var total: Int

    /// Parameters with the given fields.
    public init(currency: String, lineItems: [ReaderDisplayLineItem], tax: Int? = nil, total: Int) {
        self.currency = currency
        self.lineItems = lineItems
        self.tax = tax
        self.total = total
    }

    /// The form body, in a fixed order.
    public var form: FormParams {
        var cart = FormParams()
        cart.set("currency", currency)
        cart["line_items"] = .array(
            lineItems.map { line in
                var item = FormParams()
                item.set("description", line.description)
                item.set("amount", line.amount)
                item.set("quantity", line.quantity)
                return .object(item)
            })
        cart.set("tax", tax)
        cart.set("total", total)
        var params = FormParams()
        params.set("type", "cart")
        params.set("cart", cart)
        return params
    }
}

extension StripeClient {
    /// `POST /v1/terminal/readers/{reader}/set_reader_display` (`type=cart`): the reader shows
    /// the cart; nothing is charged.
    /// - Throws: `StripeError` (`terminal_reader_busy` while it processes a payment,
    ///   `terminal_reader_offline`, `resource_missing`, …).
    public func setReaderDisplay(
        reader: String, _ cart: ReaderDisplayCartParams,
        options: RequestOptions
    ) throws(StripeError) -> TerminalReader {
        try request(.post, Self.path("/v1/terminal/readers", reader, "/set_reader_display"), params: cart.form, options: options)
    }
}
