import Messages
import PaymentsService
import Runtime
import Testing

@Suite("Shipping rules (SHIPPING_RULES)")
struct ShippingRulesTests {
    static let json = """
        {"methods": [
          {"id": "standard", "label": "Standard", "detail": "3–5 days", "countries": ["US"], "amounts": {"usd": 599}, "free_over": {"usd": 5000}},
          {"id": "express", "label": "Express", "countries": ["US", "CA"], "amounts": {"usd": 1999, "cad": 2499}}],
         "po_boxes": false}
        """

    @Test("the JSON is read with every field; the default offers nothing")
    func parses() throws {
        let rules = try ShippingRules.parse(Self.json)
        #expect(rules.methods.map(\.id) == ["standard", "express"])
        #expect(rules.methods[0].freeOver == ["usd": 5000] && rules.methods[1].countries == ["US", "CA"])
        #expect(rules.poBoxes == false)
        let settings = try PaymentsSettings.fromEnvironment(["SHIPPING_RULES": Self.json])
        #expect(settings.shippingRules == rules)
        #expect(try PaymentsSettings.fromEnvironment([:]).shippingRules == .none)
        let none = ShippingRules.none.quote(
            address: ShippingAddress(line1: "1 Main St", postalCode: "62701", country: "US"), currency: "usd", subtotal: 1)
        #expect(none.status == .invalid && none.reasonCode == "shipping_not_offered")
    }

    @Test(
        "bad rules are refused with the key named",
        arguments: [
            (#"[]"#, "not a JSON object"),
            (#"{"methods": [], "extra": 1}"#, "unknown key extra"),
            (#"{"methods": [{"id": "a", "label": "A", "countries": ["us"], "amounts": {"usd": 1}}]}"#, "countries"),
            (#"{"methods": [{"id": "a", "label": "A", "countries": ["US"], "amounts": {"USD": 1}}]}"#, "USD"),
            (#"{"methods": [{"id": "a", "label": "A", "countries": ["US"], "amounts": {"usd": -1}}]}"#, "usd"),
            (#"{"methods": [{"id": "a", "label": "A", "countries": ["US"], "amounts": {"usd": 1.5}}]}"#, "usd"),
            (#"{"methods": [{"id": "a", "label": "A", "countries": ["US"], "amounts": {}}]}"#, "at least one currency"),
            (
                #"{"methods": [{"id": "a", "label": "A", "countries": ["US"], "amounts": {"usd": 1}}, {"id": "a", "label": "B", "countries": ["US"], "amounts": {"usd": 1}}]}"#,
                "used twice"
            ),
            (#"{"methods": [{"id": "a", "label": "A", "countries": ["US"], "amounts": {"usd": 1}, "price": 3}]}"#, "unknown key price"),
        ])
    func refusesBadRules(json: String, naming: String) {
        #expect(throws: ShippingRules.Invalid.self) { try ShippingRules.parse(json) }
        do {
            _ = try ShippingRules.parse(json)
        } catch {
            #expect(error.description.contains(naming), "\(error.description)")
        }
        #expect(throws: PaymentsSettings.Problem.self) { try PaymentsSettings.fromEnvironment(["SHIPPING_RULES": json]) }
    }

    @Test("postal codes: US ZIP and ZIP+4, Canada's A1A 1A1; PO boxes in either line")
    func addressChecks() throws {
        let rules = try ShippingRules.parse(Self.json)
        func code(_ line1: String, _ postal: String?, _ country: String, line2: String? = nil) -> String? {
            rules.quote(
                address: ShippingAddress(line1: line1, line2: line2, postalCode: postal, country: country), currency: country == "CA" ? "cad" : "usd",
                subtotal: 100
            ).reasonCode
        }
        #expect(code("1 Main St", "62701", "US") == nil)
        #expect(code("1 Main St", "62701-1234", "US") == nil)
        #expect(code("1 Main St", "6270", "US") == "postal_code_invalid")
        #expect(code("1 Main St", "62701-12", "US") == "postal_code_invalid")
        #expect(code("1 Main St", nil, "US") == "postal_code_invalid")
        #expect(code("1 Rue", "H2X 1Y4", "CA") == nil)
        #expect(code("1 Rue", "H2X1Y4", "CA") == nil)
        #expect(code("1 Rue", "2HX 1Y4", "CA") == "postal_code_invalid")
        #expect(code("PO Box 7", "62701", "US") == "po_box_not_served")
        #expect(code("1 Main St", "62701", "US", line2: "P.O. Box 7") == "po_box_not_served")
        #expect(code("Post Office Box 7", "62701", "US") == "po_box_not_served")
        #expect(code("1 Pobox Lane", "62701", "US") == "po_box_not_served")  // read as a PO box: the rule is strict
        #expect(code("1 Main St", "10117", "DE") == "country_not_served")
    }

    @Test("methods for the country in the currency, free from the threshold, cheapest first")
    func pricing() throws {
        let rules = try ShippingRules.parse(Self.json)
        let home = ShippingAddress(line1: "1 Main St", postalCode: "62701", country: "US")
        #expect(rules.quote(address: home, currency: "usd", subtotal: 4999).methods.map(\.amount) == [599, 1999])
        #expect(rules.quote(address: home, currency: "usd", subtotal: 5000).methods.map(\.amount) == [0, 1999])
        let canada = rules.quote(address: ShippingAddress(line1: "1 Rue", postalCode: "H2X 1Y4", country: "CA"), currency: "cad", subtotal: 1)
        #expect(canada.methods.map(\.id) == ["express"] && canada.methods.first?.currency == "cad")
        #expect(rules.quote(address: home, currency: "eur", subtotal: 1).reasonCode == "currency_not_served")
    }
}
