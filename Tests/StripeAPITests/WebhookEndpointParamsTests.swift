import Testing
@testable import StripeAPI

/// Webhook endpoint update and list calls as Stripe takes them
/// (https://docs.stripe.com/api/webhook_endpoints/update, …/list).
@Suite("Webhook endpoint calls")
struct WebhookEndpointParamsTests {
    @Test func updateSendsOnlyTheGivenFields() {
        let params = WebhookEndpointUpdateParams(url: "https://x.test/h", enabledEvents: ["a.b", "c.d"], disabled: false)
        #expect(params.formParams.encoded() == "url=https%3A%2F%2Fx.test%2Fh&enabled_events[0]=a.b&enabled_events[1]=c.d&disabled=false")
        #expect(WebhookEndpointUpdateParams().formParams.encoded() == "")
    }

    @Test func updatePostsToTheEndpointAndListPagesEveryEndpoint() throws {
        let transport = ScriptedTransport([
            .respond(200, [:], #"{"id":"we_1","object":"webhook_endpoint","status":"enabled"}"#),
            .respond(200, [:], #"{"object":"list","has_more":true,"data":[{"id":"we_2"}]}"#),
            .respond(200, [:], #"{"object":"list","has_more":false,"data":[{"id":"we_1"}]}"#),
        ])
        let client = try StripeClient(config: StripeConfig(apiKey: "sk_test_123456789"), transport: transport, sleeper: { _ in })
        let updated = try client.updateWebhookEndpoint(
            "we_1", WebhookEndpointUpdateParams(disabled: false), options: RequestOptions(idempotencyKey: "k"))
        #expect(updated.status == "enabled")
        #expect(try client.listAllWebhookEndpoints().map(\.id) == ["we_2", "we_1"])
        #expect(
            transport.requests.map(\.url) == [
                "https://api.stripe.com/v1/webhook_endpoints/we_1",
                "https://api.stripe.com/v1/webhook_endpoints?limit=100",
                "https://api.stripe.com/v1/webhook_endpoints?limit=100&starting_after=we_2",
            ])
    }
}
