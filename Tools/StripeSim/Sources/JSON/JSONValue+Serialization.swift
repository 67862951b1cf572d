import Foundation
import RuntimeCore

extension JSONValue {
    /// UTF-8 JSON with object keys sorted and no insignificant whitespace; strings escaped by
    /// the runtime's `JSONEscaping` (`\n`, `\r`, `\t`, other control characters as `\u00XX`).
    public func serialized() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(into: &out)
        return out
    }

    /// ``serialized()`` as a string.
    public var jsonString: String { String(decoding: serialized(), as: UTF8.self) }

    private func write(into out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: Array("null".utf8))
        case .bool(let b): out.append(contentsOf: Array((b ? "true" : "false").utf8))
        case .int(let i): out.append(contentsOf: Array(String(i).utf8))
        case .double(let d): out.append(contentsOf: Array((d.isFinite ? "\(d)" : "null").utf8))
        case .string(let s): JSONEscaping.appendQuoted(s, to: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                element.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONEscaping.appendQuoted(key, to: &out)
                out.append(UInt8(ascii: ":"))
                members[key]?.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Parses UTF-8 JSON (through `JSONSerialization`); `nil` when the bytes are not JSON.
    public static func parse(_ bytes: [UInt8]) -> JSONValue? {
        guard let any = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
            return nil
        }
        return from(any)
    }

    private static func from(_ any: Any) -> JSONValue {
        switch any {
        case is NSNull: return .null
        case let s as String: return .string(s)
        case let n as NSNumber:
            let kind = String(cString: n.objCType)
            if kind == "c" || kind == "B" { return .bool(n.boolValue) }
            if kind == "d" || kind == "f" {
                let d = n.doubleValue
                return d == d.rounded() && abs(d) < 1e15 ? .int(Int(d)) : .double(d)
            }
            return .int(n.intValue)
        case let a as [Any]: return .array(a.map(from))
        case let o as [String: Any]: return .object(o.mapValues(from))
        default: return .null
        }
    }
}
