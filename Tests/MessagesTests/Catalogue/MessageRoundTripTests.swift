import Foundation
import Testing
@testable import Messages

/// Every catalogued message, built from a sample of its own schema, survives the coder and
/// an envelope unchanged, and names each missing required field.
@Suite struct MessageRoundTripTests {
    static let names = Catalogue.messageTypes.map { $0.messageName }

    @Test(arguments: names)
    func roundTrips(name: String) throws {
        let type = try #require(Catalogue.messageType(named: name))
        try Self.check(type)
    }

    @Test(arguments: names)
    func namesEachMissingRequiredField(name: String) throws {
        let type = try #require(Catalogue.messageType(named: name))
        try Self.checkMissing(type)
    }

    @Test(arguments: Catalogue.messageTypes.compactMap { $0 as? any CommandMessage.Type }.map { $0.messageName })
    func replyRoundTrips(name: String) throws {
        let type = try #require(Catalogue.messageType(named: name) as? any CommandMessage.Type)
        try Self.checkReply(type)
    }

    static func sample<M: BusMessage>(_ type: M.Type) throws -> (JSONValue, M) {
        let entry = try #require(Catalogue.standard.entry(named: M.messageName))
        var builder = SampleJSON()
        let json = builder.instance(of: entry.schema)
        let value = try MessageCoder.decode(M.self, from: json.bytes())
        return (json, value)
    }

    static func check<M: BusMessage>(_ type: M.Type) throws {
        let (json, value) = try sample(M.self)
        let encoded = try MessageCoder.encode(value)
        // The schema, the decoder and the encoder agree on every field name and type.
        #expect(try JSONValue(from: encoded) == json, "\(M.messageName)")
        #expect(try MessageCoder.decode(M.self, from: encoded) == value)
        let envelope = try Envelope.make(value, appId: "test", stripeAccount: "acct_1")
        #expect(envelope.type == M.messageName)
        #expect(envelope.headers.schemaVersion == M.schemaVersion)
        #expect(try envelope.decode(M.self) == value)
    }

    static func checkMissing<M: BusMessage>(_ type: M.Type) throws {
        let (json, _) = try sample(M.self)
        let entry = try #require(Catalogue.standard.entry(named: M.messageName))
        guard case .object(let object) = json else { return }
        for field in entry.schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
            var partial = object
            partial[field] = nil
            do {
                _ = try MessageCoder.decode(M.self, from: JSONValue.object(partial).bytes())
                Issue.record("\(M.messageName) decoded without \(field)")
            } catch {
                #expect(error.field == field, "\(M.messageName)")
                #expect(error.kind == .missing)
            }
        }
    }

    static func checkReply<C: CommandMessage>(_ type: C.Type) throws {
        let entry = try #require(Catalogue.standard.entry(named: C.replyName))
        let okForm = try #require(entry.schema["oneOf"]?.arrayValue?.first)
        var builder = SampleJSON()
        let result = builder.instance(of: try #require(okForm["properties"]?["result"]))
        let json = JSONValue.object(["ok": .bool(true), "result": result])
        let reply = try MessageCoder.decode(Reply<C.Result>.self, from: json.bytes())
        #expect(try JSONValue(from: MessageCoder.encode(reply)) == json, "\(C.replyName)")
    }
}
