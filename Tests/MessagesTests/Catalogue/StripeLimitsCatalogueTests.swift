import Foundation
import Testing
@testable import Messages

/// Stripe's limits reach every command field the suite copies to Stripe, by name, in the
/// catalogue and in the services' check alike (DESIGN §4 "Stripe's limits"): a new command
/// with a `metadata`, an amount or a `…_reference` is bounded with no code of its own.
@Suite struct StripeLimitsCatalogueTests {
    /// Every property schema of `schema` (recursively, through items and nested objects) by name.
    static func properties(_ schema: JSONValue) -> [(String, JSONValue)] {
        var out: [(String, JSONValue)] = []
        if case .object(let props)? = schema["properties"] {
            for (name, sub) in props.sorted(by: { $0.key < $1.key }) { out += [(name, sub)] + properties(sub) }
        }
        if let items = schema["items"] { out += properties(items) }
        return out
    }

    @Test func everyCommandFieldStripeSeesCarriesItsLimitInTheSchema() throws {
        var checked = (metadata: 0, amounts: 0, references: 0)
        for entry in Catalogue.standard.entries where entry.kind == .command {
            for (name, schema) in Self.properties(entry.schema) {
                if name == "metadata" {
                    checked.metadata += 1
                    #expect(schema["maxProperties"] == .int(StripeLimits.commandMetadataKeys), "\(entry.name).\(name)")
                    #expect(schema["propertyNames"]?["maxLength"] == .int(StripeLimits.metadataKeyLength), "\(entry.name).\(name)")
                    #expect(schema["additionalProperties"]?["maxLength"] == .int(StripeLimits.metadataValueLength), "\(entry.name).\(name)")
                } else if FieldConventions.isAmount(name), schema["type"] == .string("integer") {
                    checked.amounts += 1
                    #expect(schema["maximum"] == .int(StripeLimits.maximumAmount), "\(entry.name).\(name)")
                } else if name.hasSuffix("_reference"), schema["type"] == .string("string") {
                    checked.references += 1
                    #expect(schema["maxLength"] == .int(StripeLimits.referenceLength), "\(entry.name).\(name)")
                }
            }
        }
        #expect(checked.metadata >= 10 && checked.amounts >= 15 && checked.references >= 15)
    }

    @Test func theServiceRefusesWhatTheConventionBoundsInACommandWithNoRulesOfItsOwn() throws {
        // payments.refund has no limit of its own: the names alone bound its amount and metadata.
        let base = #"{"account":"acct_1","order_reference":"o-1""#
        for (extra, code, field) in [
            (#","amount":100000000}"#, ReplyError.Code.amountTooLarge, "amount"),
            (#","metadata":{"a]":"v"}}"#, ReplyError.Code.invalidMetadata, "metadata.a]"),
            (#","reason":"requested_by_customer","metadata":{"k":"a\u0000"}}"#, ReplyError.Code.nulCharacter, "metadata.k"),
        ] {
            let envelope = Envelope(type: RefundPayment.messageName, appId: "test", body: Array((base + extra).utf8))
            do {
                _ = try envelope.decodeCommand(RefundPayment.self)
                Issue.record("accepted: \(base + extra)")
            } catch let error as MessageDecodingError {
                #expect(error.replyError.code == code)
                #expect(error.replyError.field == field)
            }
        }
    }

    @Test("an amount too large for Int is named as sent, not in exponent form")
    func hugeAmountIsNamedAsSent() throws {
        let error = try #require(SchemaLimit.maximumAmount(99_999_999).violation(of: .double(9_223_372_036_854_775_808), at: "amount"))
        #expect(error.code == ReplyError.Code.amountTooLarge)
        #expect(error.reason.hasSuffix("got 9223372036854775808"), "\(error.reason)")
        #expect(SchemaLimit.wholeNumberText(1e300) == String(describing: 1e300))
        #expect(SchemaLimit.wholeNumberText(1.5e10) == "15000000000")
    }
}
