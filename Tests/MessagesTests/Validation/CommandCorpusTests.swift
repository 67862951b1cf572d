import Foundation
import Testing
@testable import Messages

/// Runs the shared command corpus (`Tests/deployment/command_corpus.json`) through the
/// services' own decoding and validation (``Envelope/decodeCommand(_:)``, what every command
/// route runs before its handler). `test_command_schemas.py` runs the same bodies through a
/// JSON Schema validator against the catalogue, so together: schema-valid iff accepted.
@Suite struct CommandCorpusTests {
    struct Case {
        var message: String
        var note: String
        var body: [UInt8]
        var accepted: Bool
        var code: String?
        var field: String?
    }

    static let corpusURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("deployment/command_corpus.json")

    static func cases() throws -> [Case] {
        let data = try Data(contentsOf: corpusURL)
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let list = root["cases"] as? [[String: Any]]
        else { return [] }
        return try list.map { item in
            let body = try JSONSerialization.data(withJSONObject: item["body"] ?? [:], options: [.sortedKeys])
            return Case(
                message: item["message"] as? String ?? "", note: item["note"] as? String ?? "",
                body: Array(body), accepted: item["accepted"] as? Bool ?? false,
                code: item["code"] as? String, field: item["field"] as? String)
        }
    }

    /// The code and field a service answers for `body`, or nil when it accepts it.
    static func verdict<C: CommandMessage>(_: C.Type, _ body: [UInt8]) -> (code: String, field: String?)? {
        let envelope = Envelope(type: C.messageName, appId: "corpus", body: body)
        do {
            _ = try envelope.decodeCommand(C.self)
            return nil
        } catch let error as MessageDecodingError {
            return (error.replyError.code, error.replyError.field)
        } catch let error as ReplyError {
            return (error.code, error.field)
        } catch {
            return ("unexpected", String(describing: error))
        }
    }

    @Test func theServicesGiveEveryCaseItsVerdict() throws {
        let cases = try Self.cases()
        #expect(cases.count > 100)
        for item in cases {
            guard let type = Catalogue.messageType(named: item.message) as? any CommandMessage.Type else {
                Issue.record("\(item.message) is not a catalogued command")
                continue
            }
            let verdict = Self.verdict(type, item.body)
            let label = "\(item.message): \(item.note) \(String(decoding: item.body, as: UTF8.self))"
            if item.accepted {
                #expect(verdict == nil, "refused \(verdict.map { "\($0.code) \($0.field ?? "")" } ?? ""): \(label)")
            } else {
                #expect(verdict != nil, "accepted: \(label)")
                if let code = item.code { #expect(verdict?.code == code, "\(label)") }
                if let field = item.field { #expect(verdict?.field == field, "\(label)") }
            }
        }
    }

    @Test func everyCommandHasAcceptedAndRefusedCases() throws {
        let cases = try Self.cases()
        for entry in Catalogue.standard.entries where entry.kind == .command {
            let mine = cases.filter { $0.message == entry.name }
            #expect(mine.contains { $0.accepted }, "\(entry.name) has no accepted case")
            #expect(mine.contains { !$0.accepted }, "\(entry.name) has no refused case")
        }
    }
}
