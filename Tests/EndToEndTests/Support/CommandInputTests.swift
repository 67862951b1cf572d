import Foundation
import Messages
import Testing
@testable import ConnectBusCLI

@Suite("Command input checked against the catalogue")
struct CommandInputTests {
    func failure(_ name: String, _ json: String, account: String? = nil) -> CLIError? {
        do {
            _ = try CommandInput.check(name: name, json: Array(json.utf8), account: account)
            return nil
        } catch {
            return error
        }
    }

    @Test func unknownCommandSuggestsTheDomainsCommands() throws {
        let error = try #require(failure("payments.create_prodct", "{}"))
        #expect(error.exitCode == 2)
        #expect(error.hint.contains("payments.create_product"))
        #expect(!error.hint.contains("onboarding."))
        #expect(failure("payments.order.paid", "{}") != nil, "an event is not a command")
    }

    @Test func missingFieldIsNamed() throws {
        let error = try #require(failure("payments.create_product", #"{"name":"Mug"}"#))
        #expect(error.message.contains("field account"))
    }

    @Test func nestedFieldIsNamedWithItsPath() throws {
        let error = try #require(
            failure(
                "payments.create_checkout_session",
                #"{"account":"acct_1","order_reference":"o1","line_items":[{"price":"price_1","quantity":"two"}]}"#))
        #expect(error.message.contains("line_items[0].quantity"))
    }

    @Test func validationRuleIsReportedWithFieldAndCode() throws {
        let error = try #require(
            failure(
                "payments.create_price",
                #"{"account":"acct_1","product":"prod_1","unit_amount":100,"currency":"USD"}"#))
        #expect(error.message.contains("field currency"))
        #expect(error.message.contains("validation."))
        #expect(error.hint.contains("nothing was published"))
    }

    @Test func invalidJSONSaysSo() throws {
        let error = try #require(failure("payments.create_product", "{name:"))
        #expect(error.message.contains("not valid JSON"))
    }

    @Test func accountOptionFillsTheBodyAndTheBodyIsReEncoded() throws {
        let checked = try CommandInput.check(
            name: "payments.create_product", json: Array(#"{"name":"Mug"}"#.utf8),
            account: "acct_42")
        let product = try MessageCoder.decode(CreateProduct.self, from: checked.body)
        #expect(product.account == "acct_42")
        #expect(product.name == "Mug")
        #expect(checked.schemaVersion == CreateProduct.schemaVersion)
    }

    @Test func anUnknownFieldIsRefusedAsTheServicesRefuseIt() throws {
        // Decoding once dropped unknown fields, so the nested controller of create_account
        // reached Stripe as `controller=`; the body is now checked strictly, nothing published.
        let error = try #require(failure("payments.create_product", #"{"account":"acct_1","name":"Mug","colour":"blue"}"#))
        #expect(error.message.contains("field colour: unknown field"))
        let nested = try #require(
            failure(
                "onboarding.create_account",
                #"{"seller_reference":"s","country":"US","controller":{"fees_payer":"application"}}"#))
        #expect(nested.message.contains("controller.fees_payer"))
    }

    @Test func bodyAccountWinsOverTheOption() throws {
        let checked = try CommandInput.check(
            name: "payments.create_product", json: Array(#"{"account":"acct_body","name":"Mug"}"#.utf8),
            account: "acct_option")
        #expect(try MessageCoder.decode(CreateProduct.self, from: checked.body).account == "acct_body")
    }
}
