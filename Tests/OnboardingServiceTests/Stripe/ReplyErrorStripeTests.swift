import Runtime
import Messages
import StripeAPI
import Testing
@testable import OnboardingService

/// How a failed Stripe call becomes the `error` of a reply.
@Suite("Stripe errors in replies")
struct ReplyErrorStripeTests {
    @Test func invalidRequestKeepsStripesDetails() {
        let error = StripeError(
            kind: .invalidRequest, httpStatus: 400, type: "invalid_request_error",
            code: "parameter_invalid_empty", param: "business_profile[url]",
            message: "You passed an empty string for 'business_profile[url]'.", requestId: "req_123")
        let reply = ReplyError.stripe(error)
        #expect(reply.code == "stripe.parameter_invalid_empty")
        #expect(!reply.retryable)
        #expect(
            reply.stripe
                == StripeErrorInfo(
                    type: "invalid_request_error", code: "parameter_invalid_empty",
                    param: "business_profile[url]", requestId: "req_123"))
        #expect(reply.message.contains("business_profile[url]"))
    }

    @Test func serverAndNetworkFailuresAreRetryable() {
        let server = ReplyError.stripe(StripeError(kind: .api, httpStatus: 500, type: "api_error", message: "boom"))
        #expect(server.retryable)
        #expect(server.code == "stripe.api")
        let network = ReplyError.stripe(StripeError(kind: .network, code: "curl_7", message: "connection refused"))
        #expect(network.retryable)
        #expect(network.code == "stripe.network")
    }
}
