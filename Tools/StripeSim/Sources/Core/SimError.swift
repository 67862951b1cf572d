/// A Stripe-shaped API error, rendered as
/// `{"error":{"type","code","message","param","decline_code","request_log_url"?,...}}`.
///
/// Follows https://docs.stripe.com/api/errors: `type` is one of `api_error`,
/// `card_error`, `idempotency_error`, `invalid_request_error`.
import Foundation
public struct SimError: Error, Sendable, Equatable {
    /// HTTP status, e.g. 400, 402, 404.
    public var status: Int
    /// Stripe's error type.
    public var type: String
    /// Stripe's error code, e.g. `resource_missing`, `card_declined`.
    public var code: String?
    /// Human-readable message.
    public var message: String
    /// The offending parameter, bracketed (e.g. `line_items[0][price]`).
    public var param: String?
    /// For card errors, the issuer's reason (e.g. `insufficient_funds`).
    public var declineCode: String?
    /// Extra members of the error object (e.g. `payment_intent` for card errors).
    public var extra: [String: JSONValue] = [:]
    /// Extra response headers (e.g. `Stripe-Should-Retry`).
    public var headers: [String: String] = [:]
    /// Set on a refusal by parameter validation that carries no `parameter_*` code (a string
    /// over its length, a metadata limit): see ``isValidation``.
    public var validation = false

    /// Whether parameter validation refused the request before the endpoint ran (every
    /// `parameter_*` code, and errors marked ``validation``). Stripe saves no idempotent
    /// result for these (docs.stripe.com/api/idempotent_requests: "If incoming parameters
    /// fail validation … no idempotent result is saved"), so the key stays free.
    public var isValidation: Bool { validation || code?.hasPrefix("parameter_") == true }

    /// Builds an error.
    public init(
        status: Int, type: String, code: String?, message: String, param: String? = nil,
        declineCode: String? = nil
    ) {
        self.status = status
        self.type = type
        self.code = code
        self.message = message
        self.param = param
        self.declineCode = declineCode
    }

    /// The JSON body `{"error": {...}}` with the given request id; `request_log_url` is the
    /// request's page in the simulator's dashboard at `logBase`
    /// (`<logBase>/sim/dashboard/requests/req_…`), where Stripe points to its Dashboard's logs.
    public func body(requestId: String, logBase: String) -> JSONValue {
        var error: [String: JSONValue] = extra
        error["type"] = .string(type)
        error["message"] = .string(message)
        if let code {
            error["code"] = .string(code);
            error["doc_url"] = .string("https://stripe.com/docs/error-codes/\(code.replacingOccurrences(of: "_", with: "-"))")
        }
        if let param { error["param"] = .string(param) }
        if let declineCode { error["decline_code"] = .string(declineCode) }
        error["request_log_url"] = .string("\(logBase)/sim/dashboard/requests/\(requestId)")
        return ["error": .object(error)]
    }

    /// 400 `invalid_request_error` with an optional code.
    public static func invalidRequest(_ message: String, param: String?, code: String? = nil) -> SimError {
        SimError(status: 400, type: "invalid_request_error", code: code, message: message, param: param)
    }

    /// 400 for a value outside a parameter's enum, in Stripe's words: "Invalid capture_method:
    /// must be one of automatic, automatic_async, manual, or manual_preferred" (two values:
    /// "a or b"), with `code` `parameter_invalid_string` and `param`.
    public static func notOneOf(_ param: String, _ values: [String]) -> SimError {
        let list: String
        switch values.count {
        case 0, 1: list = values.joined()
        case 2: list = "\(values[0]) or \(values[1])"
        default: list = values.dropLast().joined(separator: ", ") + ", or " + (values.last ?? "")
        }
        return invalidRequest("Invalid \(param): must be one of \(list)", param: param, code: "parameter_invalid_string")
    }

    /// 400 `parameter_missing`.
    public static func missing(_ param: String) -> SimError {
        invalidRequest("Missing required param: \(param).", param: param, code: "parameter_missing")
    }

    /// 400 `parameter_unknown`.
    public static func unknown(_ param: String) -> SimError {
        invalidRequest("Received unknown parameter: \(param)", param: param, code: "parameter_unknown")
    }

    /// 400 `parameter_invalid_integer` (and similar) for a malformed value.
    public static func invalidValue(
        _ param: String, code: String = "parameter_invalid_string_empty",
        _ message: String
    ) -> SimError {
        invalidRequest(message, param: param, code: code)
    }

    /// 400 `parameter_invalid_empty`: an empty value (`key=`) for a parameter that cannot be
    /// unset, in Stripe's words.
    public static func cannotUnset(_ param: String) -> SimError {
        invalidRequest(
            "You passed an empty string for '\(param)'. We assume empty values are an attempt to unset a parameter; however '\(param)' cannot be unset. You should remove '\(param)' from your request or supply a non-empty value.",
            param: param, code: "parameter_invalid_empty")
    }

    /// 404 `resource_missing`: "No such <noun>: '<id>'".
    public static func missingResource(_ noun: String, _ id: String, param: String = "id") -> SimError {
        SimError(
            status: 404, type: "invalid_request_error", code: "resource_missing",
            message: "No such \(noun): '\(id)'", param: param)
    }

    /// 400 with a state-machine code such as `payment_intent_unexpected_state`.
    public static func unexpectedState(_ code: String, _ message: String, param: String? = nil) -> SimError {
        invalidRequest(message, param: param, code: code)
    }
}
