import Foundation
import Testing
@testable import Messages

/// Every object in the catalogue documents exactly its fields: a hand-written description
/// (``FieldDocumented``) names a field the type decodes, every decoded field is described
/// (by hand or by ``FieldConventions``), and what the type encodes is what it decodes.
@Suite struct FieldDescriptionTests {
    /// One problem, by type path and field.
    struct Problem: CustomStringConvertible {
        var path: String
        var field: String
        var what: String
        var description: String { "\(path).\(field): \(what)" }
    }

    /// The object shapes reachable from `node`, with a dotted path for messages.
    static func shapes(_ node: SchemaNode, path: String) -> [(String, ObjectShape)] {
        switch node {
        case .object(let shape):
            return [(path, shape)] + shape.fields.flatMap { shapes($0.node, path: path + "." + $0.name) }
        case .array(let item): return shapes(item, path: path + "[]")
        case .dictionary(let value): return shapes(value, path: path + "{}")
        default: return []
        }
    }

    static func problems<T: Codable>(_ type: T.Type, name: String) throws -> [Problem] {
        let (value, node) = try SchemaRecorder.record(T.self)
        var found: [Problem] = []
        for (path, shape) in shapes(node, path: name) {
            let fields = Set(shape.fields.map(\.name))
            for key in shape.descriptions.keys.sorted() where !fields.contains(key) {
                found.append(Problem(path: path, field: key, what: "described but not a field of \(shape.typeName)"))
            }
            for field in shape.fields
            where shape.descriptions[field.name] == nil
                && FieldConventions.description(of: field.name) == nil
            {
                found.append(Problem(path: path, field: field.name, what: "has no description (\(shape.typeName))"))
            }
        }
        // What the placeholder value encodes must be fields the type decodes.
        let encoded = try JSONSerialization.jsonObject(with: Data(MessageCoder.encode(value)))
        if case .object(let shape) = node, let object = encoded as? [String: Any] {
            let fields = Set(shape.fields.map(\.name))
            for key in object.keys.sorted() where !fields.contains(key) {
                found.append(Problem(path: name, field: key, what: "encoded but not decoded"))
            }
        }
        return found
    }

    static func messageProblems<M: BusMessage>(_ type: M.Type) throws -> [Problem] {
        var found = try problems(M.self, name: M.messageName)
        if let command = M.self as? any CommandMessage.Type {
            found += try resultProblems(command)
        }
        return found
    }

    static func fieldCount<M: BusMessage>(_ type: M.Type) throws -> Int {
        let (_, node) = try SchemaRecorder.record(M.self)
        return shapes(node, path: M.messageName).map(\.1.fields.count).reduce(0, +)
    }

    static func resultProblems<C: CommandMessage>(_ type: C.Type) throws -> [Problem] {
        try problems(C.Result.self, name: C.replyName)
    }

    @Test func everyFieldOfEveryMessageIsDescribedAndEveryDescriptionNamesAField() throws {
        var all: [Problem] = []
        for type in Catalogue.messageTypes {
            all += try Self.messageProblems(type)
        }
        // The walk reaches the nested objects too (not only the top-level fields).
        let fields = try Catalogue.messageTypes.map { try Self.fieldCount($0) }.reduce(0, +)
        #expect(fields > 20 * Catalogue.messageTypes.count / 4, "only \(fields) fields walked")
        #expect(all.isEmpty, "\(all.count) problems:\n\(all.map(\.description).joined(separator: "\n"))")
    }

    @Test func aStaleDescriptionIsFound() throws {
        struct Stale: Codable, FieldDocumented {
            static let fieldDescriptions = ["order_reference": "The platform's order id.", "gone": "Removed."]
            var orderReference: String
            var note: String?
        }
        let found = try Self.problems(Stale.self, name: "stale").map(\.description)
        #expect(found.contains("stale.gone: described but not a field of Stale"))
        #expect(found.contains("stale.note: has no description (Stale)"))
        #expect(!found.contains { $0.hasPrefix("stale.order_reference") })
    }
}
