#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// The strict half of command decoding: finds the first field of a JSON body that the
/// target type does not read (DESIGN §4: commands are strict, events are tolerant readers).
///
/// The fields a type reads come from running its `init(from:)` once against the
/// ``SchemaRecorder`` (the same walk that writes the catalogue's schemas), so every
/// `Codable` command — and every object nested in it — is checked without any per-type
/// code: a new command or a new field is covered the moment it is declared. Object keys
/// are compared in their wire (snake_case) form, so `sellerReference` is as unknown as
/// `seller_ref`; keys of string maps such as `metadata` are free. Shapes are recorded once
/// per type and cached. Thread-safe.
enum KnownFields {
    /// Recorded shapes by type; `nil` when a type could not be recorded (then nothing is
    /// checked for it rather than refusing everything).
    private static let shapes = Mutex<[ObjectIdentifier: SchemaNode?]>([:])

    /// The recorded shape of `T`, cached.
    static func shape<T: Decodable>(of type: T.Type) -> SchemaNode? {
        let key = ObjectIdentifier(T.self)
        if let cached = shapes.withLock({ $0[key] }) { return cached }
        let node = (try? SchemaRecorder.record(T.self))?.1
        shapes.withLock { $0[key] = .some(node) }
        return node
    }

    /// Throws for the first key of `bytes` (a JSON document) that `T` does not read, or the
    /// first `null` (a command never carries one: an absent optional field is omitted), by
    /// sorted key, depth first; then for the first value beyond a Stripe limit or containing
    /// a NUL character (``CommandLimits``).
    /// - Throws: ``MessageDecodingError`` of kind `unknown_field` naming the wire path
    ///   (`controller.fees_payer`, `line_items[0].price_dta`), `wrong_type` for a `null`,
    ///   `malformed` when the bytes are not JSON, `invalid_value` with a precise code for a
    ///   limit (``CommandLimits/firstViolation(in:shape:path:)``).
    static func check<T: Decodable>(_ bytes: [UInt8], against type: T.Type) throws(MessageDecodingError) {
        guard let node = shape(of: T.self) else { return }
        let document: JSONValue
        do {
            document = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            throw MessageDecodingError(field: "", kind: .malformed, reason: "malformed: body is not a valid JSON document")
        }
        switch firstProblem(in: document, shape: node, path: "") {
        case nil: break
        case .unknown(let path)?:
            throw MessageDecodingError(
                field: path, kind: .unknownField,
                reason: "unknown field: \(T.self) has no field of this name (commands are strict; see the catalogue)")
        case .null(let path)?:
            throw MessageDecodingError(
                field: path, kind: .wrongType,
                reason: "wrong type: null is not allowed in a command; omit an absent field")
        }
        if let violation = CommandLimits.firstViolation(in: document, shape: node, path: "") { throw violation }
    }

    /// What is wrong at a path.
    enum Problem: Equatable {
        /// A member the type does not read.
        case unknown(String)
        /// A `null` value.
        case null(String)
    }

    /// The first problem of `value` against `shape`, or nil.
    static func firstProblem(in value: JSONValue, shape: SchemaNode, path: String) -> Problem? {
        if value == .null { return .null(path) }
        switch (shape, value) {
        case (.object(let object), .object(let members)):
            for key in members.keys.sorted() {
                let child = path.isEmpty ? key : "\(path).\(key)"
                guard let field = object.fields.first(where: { $0.name == key }) else { return .unknown(child) }
                if let member = members[key], let found = firstProblem(in: member, shape: field.node, path: child) {
                    return found
                }
            }
            return nil
        case (.dictionary(let valueShape), .object(let members)):
            for key in members.keys.sorted() {
                if let member = members[key],
                    let found = firstProblem(in: member, shape: valueShape, path: "\(path).\(key)")
                {
                    return found
                }
            }
            return nil
        case (.array(let itemShape), .array(let items)):
            for (index, item) in items.enumerated() {
                if let found = firstProblem(in: item, shape: itemShape, path: "\(path)[\(index)]") { return found }
            }
            return nil
        default:
            // Scalars, enums, `any`, and values of the wrong JSON type (decoding names those).
            return nil
        }
    }
}
