import StripeAPI
import StripeSimCore

/// The client's form encoder against the simulator's parser (two independent codes):
/// parameters built from the input, encoded by `FormEncoding`, parsed by `FormParser`,
/// must come back as the same tree.
enum FormFuzz {
    static func roundTrip(_ bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        let params = object(&reader, depth: 0)
        guard !params.isEmpty else { return }
        let body = Array(FormEncoding.encode(params).utf8)
        let parsed: [String: FormValue]
        do {
            parsed = try FormParser.parse(body: body)
        } catch {
            return fuzzCheck(false, "the simulator rejected the encoder's body \(String(decoding: body, as: UTF8.self)): \(error)")
        }
        fuzzCheck(parsed == expected(params), "round trip changed \(String(decoding: body, as: UTF8.self)): \(parsed)")
    }

    /// A parameter name as Stripe's are: a letter, then letters, digits and `_` (an
    /// all-digit hash key reads as an array index in Stripe's encoding, so it is not a
    /// round trip the format allows).
    static func key(_ reader: inout ByteReader) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz"), rest = Array("abcdefghijklmnopqrstuvwxyz_0123456789")
        let count = Int(reader.byte() % 8)
        return String(letters[Int(reader.byte()) % letters.count]) + String((0..<count).map { _ in rest[Int(reader.byte()) % rest.count] })
    }

    static func value(_ reader: inout ByteReader, depth: Int) -> FormParams.Value? {
        switch reader.byte() % (depth >= 3 ? 3 : 5) {
        case 0: return .string(reader.string())
        case 1: return .int(Int(Int16(bitPattern: UInt16(reader.byte()) << 8 | UInt16(reader.byte()))))
        case 2: return .bool(reader.byte() % 2 == 0)
        case 3:
            let items = (0..<Int(reader.byte() % 4)).compactMap { _ in value(&reader, depth: depth + 1) }
            return items.isEmpty ? nil : .array(items)
        default:
            let nested = object(&reader, depth: depth + 1)
            return nested.isEmpty ? nil : .object(nested)
        }
    }

    static func object(_ reader: inout ByteReader, depth: Int) -> FormParams {
        var params = FormParams()
        for _ in 0..<Int(reader.byte() % 5) where !reader.isAtEnd {
            let name = key(&reader)
            guard params[name] == nil, let v = value(&reader, depth: depth) else { continue }
            params[name] = v
        }
        return params
    }

    static func expected(_ params: FormParams) -> [String: FormValue] {
        var out: [String: FormValue] = [:]
        for entry in params.entries { out[entry.key] = expected(entry.value) }
        return out
    }

    static func expected(_ value: FormParams.Value) -> FormValue {
        switch value {
        case .string(let s): return .string(s)
        case .int(let i): return .string(String(i))
        case .bool(let b): return .string(b ? "true" : "false")
        case .array(let items): return .array(items.map(expected))
        case .object(let nested): return .dict(expected(nested))
        }
    }
}
