import Foundation
import Testing
@testable import Messages

private enum Mode: String, Codable, CaseIterable, SchemaDescribable { case manual, automatic }

private enum Status: StripeEnum {
    case open, complete, unknown(String)
    static let knownCases: [Status] = [.open, .complete]
    var rawValue: String {
        switch self {
        case .open: return "open"
        case .complete: return "complete"
        case .unknown(let raw): return raw
        }
    }
}

private struct Sample: Codable, FieldDocumented {
    static let fieldDescriptions = ["note": "A note."]
    var mode: Mode
    var status: Status?
    var lineItems: [PingCommand.Item]
    var tags: [String: Int]
    var amount: Int
    var note: String?
}

@Suite struct SchemaRecorderTests {
    @Test func recordsFieldsTypesAndOptionality() throws {
        let schema = Catalogue.recordedSchema(Sample.self)
        let props = try #require(schema["properties"])
        #expect(schema["required"] == .array(["mode", "line_items", "tags", "amount"].map(JSONValue.string)))
        #expect(props["mode"] == .object(["type": .string("string"), "enum": .array([.string("manual"), .string("automatic")])]))
        #expect(props["status"]?["examples"] == .array([.string("open"), .string("complete")]))
        #expect(props["line_items"]?["type"] == .string("array"))
        #expect(props["line_items"]?["items"]?["required"] == .array([.string("price"), .string("quantity")]))
        #expect(props["line_items"]?["items"]?["properties"]?["quantity"]?["type"] == .string("integer"))
        #expect(props["tags"]?["additionalProperties"]?["type"] == .string("integer"))
        #expect(props["amount"]?["description"]?.stringValue?.contains("smallest unit") == true)
        #expect(props["note"]?["description"] == .string("A note."))
    }

    @Test func stripeEnumKeepsUnknownValues() throws {
        let s = try MessageCoder.decode(Status.self, from: Array(#""expired_soon""#.utf8))
        #expect(s == .unknown("expired_soon"))
        #expect(String(decoding: try MessageCoder.encode(s), as: UTF8.self) == #""expired_soon""#)
        #expect(try MessageCoder.decode(Status.self, from: Array(#""open""#.utf8)) == .open)
    }

    @Test func closedEnumRejectsOtherValuesNamingTheField() {
        let json = #"{"mode":"sometimes","line_items":[],"tags":{},"amount":1}"#
        do {
            _ = try MessageCoder.decode(Sample.self, from: Array(json.utf8))
            Issue.record("decoded an invalid enum value")
        } catch {
            #expect(error.field == "mode")
            #expect(error.kind == .invalidValue)
        }
    }

    @Test func metadataKeysAreNotConverted() throws {
        let json = #"{"mode":"manual","line_items":[],"tags":{"camelKey":1,"snake_key":2},"amount":1}"#
        let s = try MessageCoder.decode(Sample.self, from: Array(json.utf8))
        #expect(s.tags == ["camelKey": 1, "snake_key": 2])
        #expect(String(decoding: try MessageCoder.encode(s.tags), as: UTF8.self) == #"{"camelKey":1,"snake_key":2}"#)
    }
}
