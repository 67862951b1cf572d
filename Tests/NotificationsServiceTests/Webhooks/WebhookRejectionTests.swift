import NotificationsService
import StripeAPI
import Testing

@Suite("WebhookRejection")
struct WebhookRejectionTests {
    static let all: [WebhookRejection] = [
        .missingSignature, .malformedSignature, .noV1Signature, .staleSignature, .signatureMismatch, .noSecrets,
        .malformedEvent, .invalidUTF8, .bodyTooLarge, .wrongMethod, .unsupportedMediaType, .unavailable,
    ]

    @Test("each refusal has its own metric reason")
    func reasonsAreDistinct() {
        #expect(Set(Self.all.map(\.reason)).count == Self.all.count)
    }

    @Test("a header with only v0 signatures is no_v1_signature, not malformed_signature")
    func noV1Signature() {
        #expect(WebhookRejection(WebhookSignatureError.noV1Signature) == .noV1Signature)
        #expect(WebhookRejection.noV1Signature.reason == "no_v1_signature")
        #expect(WebhookRejection(WebhookSignatureError.malformedHeader("x")).reason == "malformed_signature")
    }

    @Test("invalid UTF-8 answers malformed_event and counts invalid_utf8; too large is too_large")
    func codesAndReasons() {
        #expect(WebhookRejection.invalidUTF8.code == "malformed_event")
        #expect(WebhookRejection.invalidUTF8.reason == "invalid_utf8")
        #expect(WebhookRejection.invalidUTF8.status == 400)
        #expect(WebhookRejection.bodyTooLarge.reason == "too_large")
        #expect(WebhookRejection.bodyTooLarge.status == 413)
    }
}
