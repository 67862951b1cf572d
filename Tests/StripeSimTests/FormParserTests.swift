import StripeSimCore
import Testing

@Suite("FormParser")
struct FormParserTests {
    private func parse(_ body: String) throws -> FormValue {
        .dict(try FormParser.parse(body: Array(body.utf8)))
    }

    @Test("nested hashes and indexed arrays")
    func nested() throws {
        let value = try parse(
            "metadata[order_id]=42&line_items[1][quantity]=2&line_items[0][price]=price_a&line_items[1][price]=price_b&line_items[0][quantity]=1")
        #expect(
            value
                == .dict([
                    "metadata": .dict(["order_id": .string("42")]),
                    "line_items": .array([
                        .dict(["price": .string("price_a"), "quantity": .string("1")]),
                        .dict(["price": .string("price_b"), "quantity": .string("2")]),
                    ]),
                ]))
    }

    @Test("[] arrays: plain values append, repeated keys start a new element")
    func bracketArrays() throws {
        let value = try parse("expand[]=a&expand[]=b&items[][price]=p1&items[][quantity]=1&items[][price]=p2")
        #expect(
            value
                == .dict([
                    "expand": .array([.string("a"), .string("b")]),
                    "items": .array([.dict(["price": .string("p1"), "quantity": .string("1")]), .dict(["price": .string("p2")])]),
                ]))
    }

    @Test("percent-decoding and + as space; empty value kept")
    func decoding() throws {
        let value = try parse("description=caf%C3%A9+au+lait&url=https%3A%2F%2Fx.test%2F%3Fa%3D1%26b&email=")
        #expect(value == .dict(["description": .string("café au lait"), "url": .string("https://x.test/?a=1&b"), "email": .string("")]))
    }

    @Test("a key used both as a leaf and a hash is rejected")
    func conflict() {
        #expect(throws: SimError.self) { try parse("metadata=x&metadata[a]=b") }
        #expect(throws: SimError.self) { try parse("a[b=c") }
    }

    /// Found by the `form-roundtrip` fuzz target: when every top-level name was a number the
    /// whole body read as an array and was dropped, so `0=a` was no parameter at all
    /// (instead of an unknown one).
    @Test("numeric top-level names stay parameters")
    func numericTopLevelNames() throws {
        #expect(try parse("0=a&1=b") == .dict(["0": .string("a"), "1": .string("b")]))
        #expect(try parse("66666666=x") == .dict(["66666666": .string("x")]))
    }
}
