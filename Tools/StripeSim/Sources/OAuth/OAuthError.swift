import HTTPServer

/// An error of Stripe's OAuth endpoints (`connect.stripe.com/oauth/*`), which answer the
/// OAuth 2.0 shape `{"error": "<code>", "error_description": "<text>"}` (RFC 6749 §5.2), not
/// the API's `{"error": {…}}` object. Codes Stripe uses (docs.stripe.com/connect/oauth-reference):
/// `invalid_request`, `invalid_grant`, `invalid_client`, `invalid_scope`,
/// `unsupported_grant_type`, `unsupported_response_type`.
struct OAuthError: Error, Sendable, Equatable {
    /// HTTP status (400; 401 for a missing or unusable API key).
    var status: Int
    /// The OAuth error code.
    var code: String
    /// The `error_description`.
    var description: String

    /// `400` with `code` and `description`.
    init(_ code: String, _ description: String, status: Int = 400) {
        self.status = status
        self.code = code
        self.description = description
    }

    /// The JSON body.
    var body: JSONValue { ["error": .string(code), "error_description": .string(description)] }

    /// The answer, with the request's id.
    func response(requestId: String) -> HTTPResponse {
        .json(status, body.serialized(), headers: ["Request-Id": requestId, "Cache-Control": "no-cache, no-store"])
    }
}
