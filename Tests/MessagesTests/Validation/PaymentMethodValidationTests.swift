import Foundation
import Testing
@testable import Messages

/// Hostnames of payment method domains, shipping and online payment method types: the
/// service's checks, and the catalogue's schema patterns agreeing with them.
@Suite struct PaymentMethodValidationTests {
    static let hostnames = [
        "shop.example.com", "Shop.Example.COM", "my-shop.co.uk", "xn--bcher-kva.example",
        "a.io", String(repeating: "a", count: 63) + ".example.com",
    ]
    static let notHostnames = [
        "", "https://shop.example.com", "shop.example.com/", "shop.example.com:443", "localhost",
        "*.example.com", "shop..example.com", "-shop.example.com", "shop-.example.com",
        "shop.example.com.", ".example.com", "192.168.1.10", "shop.example.123", "shop example.com",
        "shop.example.com\n", "shöp.example.com", "shop_1.example.com",
        String(repeating: "a", count: 64) + ".example.com",
        (0..<64).map { _ in "abc" }.joined(separator: "."),
    ]

    private func code(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch { return (error as? ReplyError)?.code ?? "not a ReplyError" }
    }

    /// Whether the catalogue's `pattern` and `maxLength` for hostnames accept `value`
    /// (`pattern` searched as JSON Schema validators do).
    private func schemaAccepts(_ value: String) throws -> Bool {
        let keywords = SchemaRule.hostname.keywords
        guard case .string(let pattern)? = keywords["pattern"], case .int(let max)? = keywords["maxLength"] else {
            Issue.record("hostname rule has no pattern or maxLength")
            return false
        }
        let regex = try NSRegularExpression(pattern: pattern)
        let range = NSRange(value.startIndex..., in: value)
        return value.count <= max && regex.firstMatch(in: value, range: range) != nil
    }

    @Test("hostnames pass, in the service and in the schema", arguments: hostnames)
    func hostnamePasses(_ name: String) throws {
        #expect(code { try Validation.hostname(name) } == nil)
        #expect(try schemaAccepts(name))
    }

    @Test("anything else is validation.invalid_domain, in the service and in the schema", arguments: notHostnames)
    func notHostnameFails(_ name: String) throws {
        #expect(code { try Validation.hostname(name) } == ReplyError.Code.invalidDomain)
        #expect(try !schemaAccepts(name))
        let command = RegisterPaymentMethodDomain(account: "acct_1", domainName: name)
        #expect(code { try command.validate() } == ReplyError.Code.invalidDomain)
    }

    @Test func shippingNeedsANameAndAnAddressLine() {
        let ok = Shipping(name: "Jenny Rosen", address: ShippingAddress(line1: "510 Townsend St", country: "US"))
        #expect(code { try ok.validate() } == nil)
        var blankName = ok
        blankName.name = " \t"
        #expect(code { try blankName.validate() } == ReplyError.Code.missingField)
        var blankLine = ok
        blankLine.address.line1 = ""
        do { try blankLine.validate() } catch { #expect(error.field == "shipping.address.line1") }
        var country = ok
        country.address.country = "USA"
        #expect(code { try country.validate() } == ReplyError.Code.invalidValue)
        var intent = CreatePaymentIntent(account: "acct_1", orderReference: "o", amount: 100, currency: "usd")
        intent.shipping = blankName
        #expect(code { try intent.validate() } == ReplyError.Code.missingField)
    }

    @Test func onlineTypesAreStripesAndNotInPerson() {
        #expect(code { try Validation.onlinePaymentMethodTypes(["card", "us_bank_account", "link", "sepa_debit"]) } == nil)
        #expect(code { try Validation.onlinePaymentMethodTypes(["card_present"]) } == ReplyError.Code.unknownPaymentMethodType)
        #expect(code { try Validation.onlinePaymentMethodTypes(["us_bank"]) } == ReplyError.Code.unknownPaymentMethodType)
        #expect(code { try Validation.onlinePaymentMethodTypes(["Card"]) } == ReplyError.Code.invalidValue)
    }
}
