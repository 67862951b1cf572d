import Testing
@testable import StripeAPI

@Suite("Stripe error mapping")
struct StripeErrorMappingTests {
    private func map(_ status: Int, _ json: String, shouldRetry: Bool? = nil) -> StripeError {
        StripeError.fromResponse(status: status, body: Array(json.utf8), requestId: "req_123", stripeShouldRetry: shouldRetry)
    }

    @Test func apiError() {
        let error = map(500, #"{"error":{"type":"api_error","message":"Something went wrong"}}"#)
        #expect(error.kind == .api)
        #expect(error.httpStatus == 500)
        #expect(error.requestId == "req_123")
        #expect(error.message == "Something went wrong")
        #expect(error.isRetryable)
        #expect(error.stableCode == "stripe.api")
    }

    @Test func cardErrorWithDeclineCode() {
        let error = map(
            402,
            #"{"error":{"type":"card_error","code":"card_declined","decline_code":"insufficient_funds","param":"payment_method","message":"Your card has insufficient funds.","payment_intent":{"id":"pi_9","object":"payment_intent"}}}"#
        )
        #expect(error.kind == .card)
        #expect(error.code == "card_declined")
        #expect(error.declineCode == "insufficient_funds")
        #expect(error.param == "payment_method")
        #expect(error.objectId == "pi_9")
        #expect(!error.isRetryable)
        #expect(error.stableCode == "stripe.card_declined")
    }

    @Test func idempotencyError() {
        let error = map(
            400,
            #"{"error":{"type":"idempotency_error","message":"Keys for idempotent requests can only be used with the same parameters they were first used with."}}"#
        )
        #expect(error.kind == .idempotency)
        #expect(!error.isRetryable)
    }

    @Test func invalidRequestWithParam() {
        let error = map(
            400,
            #"{"error":{"type":"invalid_request_error","code":"parameter_unknown","param":"line_items[0][prise]","message":"Received unknown parameter: line_items[0][prise]"}}"#
        )
        #expect(error.kind == .invalidRequest)
        #expect(error.param == "line_items[0][prise]")
        #expect(error.code == "parameter_unknown")
        #expect(!error.isRetryable)
    }

    @Test func notFound() {
        let error = map(
            404, #"{"error":{"type":"invalid_request_error","code":"resource_missing","param":"intent","message":"No such payment_intent: 'pi_x'"}}"#)
        #expect(error.kind == .invalidRequest)
        #expect(error.code == "resource_missing")
        #expect(!error.isRetryable)
    }

    @Test func authentication401MasksKeyInMessage() {
        let error = map(401, #"{"error":{"type":"invalid_request_error","message":"Invalid API Key provided: sk_test_abcdefghijklmnop1234"}}"#)
        #expect(error.kind == .authentication)  // Stripe sends invalid_request_error with 401 for a bad key
        #expect(error.type == "invalid_request_error")
        #expect(!error.message.contains("abcdefghijklmnop"))
        #expect(error.message.contains("sk_test_[REDACTED]"))
        let bare = map(401, "")
        #expect(bare.kind == .authentication)
        #expect(!bare.isRetryable)
    }

    @Test func permission403() {
        let error = map(403, #"{"error":{"type":"permission_error","message":"The provided key does not have access."}}"#)
        #expect(error.kind == .permission)
        #expect(!error.isRetryable)
    }

    @Test func rateLimit429() {
        let error = map(429, #"{"error":{"type":"rate_limit_error","code":"rate_limit","message":"Too many requests"}}"#)
        #expect(error.kind == .rateLimit)
        #expect(error.isRetryable)
    }

    @Test func shouldRetryHeaderOverrides() {
        #expect(!map(500, #"{"error":{"type":"api_error"}}"#, shouldRetry: false).isRetryable)
        #expect(map(400, #"{"error":{"type":"invalid_request_error"}}"#, shouldRetry: true).isRetryable)
    }

    @Test func nonJSONBodyFallsBackToStatus() {
        let error = map(503, "<html>Service Unavailable</html>")
        #expect(error.kind == .api)
        #expect(error.message == "Stripe answered HTTP 503")
        #expect(error.isRetryable)
        #expect(map(409, "").kind == .idempotency)
    }

    @Test func unknownTypeKeepsTypeString() {
        let error = map(400, #"{"error":{"type":"brand_new_error","message":"m"}}"#)
        #expect(error.kind == .invalidRequest)
        #expect(error.type == "brand_new_error")
    }

    @Test func descriptionIsOneSafeLine() {
        let error = map(402, #"{"error":{"type":"card_error","code":"card_declined","decline_code":"generic_decline","message":"Declined"}}"#)
        #expect(error.description == "StripeError(card status=402 code=card_declined decline_code=generic_decline request_id=req_123): Declined")
    }
}
