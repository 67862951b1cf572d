import Foundation
import HTTPServer

/// The arguments of one control-plane call: a JSON object body (or a form body) merged
/// with the query string. Values are read leniently (`"0.5"` and `0.5` are both numbers)
/// but strictly checked: an unknown argument or a bad value is a 400.
struct ControlArguments {
    var values: [String: JSONValue]

    /// Parses `request`; a body that is neither a JSON object nor a form is a 400.
    init(_ request: HTTPRequest) throws(ControlError) {
        var values: [String: JSONValue] = [:]
        for item in request.queryItems { values[item.name] = .string(item.value) }
        let body = request.body
        if let first = body.first(where: { ![9, 10, 13, 32].contains($0) }) {
            if first == UInt8(ascii: "{") {
                guard let object = JSONValue.parse(body)?.objectValue else { throw ControlError("The body is not a JSON object.") }
                values.merge(object) { _, body in body }
            } else {
                do {
                    values.merge(try FormParser.parse(body: body).mapValues(\.json)) { _, body in body }
                } catch {
                    throw ControlError("The body is neither JSON nor a form: \(error.message)")
                }
            }
        }
        self.values = values
    }

    /// 400 when an argument outside `allowed` was given.
    func requireOnly(_ allowed: Set<String>) throws(ControlError) {
        if let unknown = values.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw ControlError("Received unknown parameter: \(unknown)", param: unknown, code: "parameter_unknown")
        }
    }

    func string(_ key: String) throws(ControlError) -> String? {
        switch values[key] {
        case nil, .null?: return nil
        case .string(let s)?: return s
        case .int(let i)?: return String(i)
        default: throw ControlError("Invalid \(key): expected a string", param: key)
        }
    }

    func double(_ key: String, in range: ClosedRange<Double> = -Double.infinity...Double.infinity) throws(ControlError) -> Double? {
        let number: Double?
        switch values[key] {
        case nil, .null?: return nil
        case .int(let i)?: number = Double(i)
        case .double(let d)?: number = d
        case .string(let s)?: number = Double(s)
        default: number = nil
        }
        guard let number, range.contains(number) else {
            throw ControlError("Invalid \(key): expected a number in \(range.lowerBound)...\(range.upperBound)", param: key)
        }
        return number
    }

    func int(_ key: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(ControlError) -> Int? {
        guard let number = try double(key, in: Double(range.lowerBound)...Double(range.upperBound)) else { return nil }
        guard number == number.rounded() else { throw ControlError("Invalid \(key): expected an integer", param: key) }
        return Int(number)
    }

    func bool(_ key: String) throws(ControlError) -> Bool? {
        switch values[key] {
        case nil, .null?: return nil
        case .bool(let b)?: return b
        case .string("true")?: return true
        case .string("false")?: return false
        default: throw ControlError("Invalid \(key): expected true or false", param: key)
        }
    }
}

/// A refused control-plane call: 400 (or `status`) with Stripe's error shape.
struct ControlError: Error {
    var status = 400
    var message: String
    var param: String?
    var code: String?

    init(_ message: String, param: String? = nil, code: String? = nil, status: Int = 400) {
        self.message = message
        self.param = param
        self.code = code
        self.status = status
    }

    var response: HTTPResponse {
        let body: JSONValue = [
            "error": [
                "type": "invalid_request_error", "message": .string(message),
                "param": .optional(param), "code": .optional(code),
            ]
        ]
        return .json(status, body.serialized())
    }
}
