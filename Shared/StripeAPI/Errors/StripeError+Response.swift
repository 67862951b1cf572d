#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension StripeError {
    /// Stripe's error body: `{"error": {"type", "code", "decline_code", "param", "message", …}}`.
    struct Body: Decodable {
        struct Detail: Decodable {
            var type: String?
            var code: String?
            var declineCode: String?
            var param: String?
            var message: String?
            var paymentIntent: StripeJSONValue?

            enum CodingKeys: String, CodingKey {
                case type, code, param, message
                case declineCode = "decline_code"
                case paymentIntent = "payment_intent"
            }
        }
        var error: Detail?
    }

    /// The OAuth endpoints' error body (RFC 6749 §5.2): `{"error": "invalid_grant", "error_description": "…"}`.
    struct OAuthBody: Decodable {
        var error: String
        var errorDescription: String?

        enum CodingKeys: String, CodingKey {
            case error
            case errorDescription = "error_description"
        }
    }

    /// The error for a non-2xx answer: Stripe's error JSON when the body has one (the
    /// OAuth endpoints' `{"error": "<code>", "error_description"}` becomes `code` and
    /// `message`), otherwise the kind implied by `status` (401, 403 and 429 always decide the kind).
    /// `redact` scrubs secrets from the message.
    public static func fromResponse(
        status: Int, body: [UInt8], requestId: String?, stripeShouldRetry: Bool?,
        redact: (String) -> String = SecretRedactor.redactPatterns
    ) -> StripeError {
        var detail = (try? JSONDecoder().decode(Body.self, from: Data(body)))?.error
        if detail == nil, let oauth = try? JSONDecoder().decode(OAuthBody.self, from: Data(body)) {
            detail = Body.Detail(code: oauth.error, message: oauth.errorDescription ?? oauth.error)
        }
        // As Stripe's libraries do: 401, 403 and 429 decide the kind whatever the type says
        // (a bad key comes as 401 with type invalid_request_error); otherwise the type does.
        let kind: StripeErrorKind =
            [401, 403, 429].contains(status)
            ? StripeErrorKind(httpStatus: status)
            : detail?.type.flatMap(StripeErrorKind.init(stripeType:)) ?? StripeErrorKind(httpStatus: status)
        let fallback = "Stripe answered HTTP \(status)"
        return StripeError(
            kind: kind, httpStatus: status, type: detail?.type, code: detail?.code,
            declineCode: detail?.declineCode, param: detail?.param,
            message: redact(detail?.message ?? fallback), requestId: requestId,
            stripeShouldRetry: stripeShouldRetry,
            objectId: detail?.paymentIntent?["id"]?.stringValue)
    }
}
