import StripeSimCore
import Bus
import Foundation
import Messages
import StripeAPI
import TestKit

/// A Stripe event as fetched from the simulator's `GET /v1/events`: its raw JSON and the
/// fields a test orders or filters by.
struct FetchedEvent: Sendable {
    var id: String
    var type: String
    var created: Int
    var body: [UInt8]
}

extension OnboardingTestBed {
    /// A Stripe client for the simulator (use it on the calling dedicated thread only).
    func stripeClient() throws -> StripeClient {
        try StripeClient(config: StripeConfig(apiKey: Self.apiKey, apiBase: sim.baseURL))
    }

    /// `GET /v1/events?type=<type>` for the connected account `account` (Stripe-Account
    /// header), newest first, each with its raw JSON.
    func stripeEvents(type: String, account: String) throws -> [FetchedEvent] {
        var params = FormParams()
        params.set("type", type)
        params.set("limit", 100)
        let response = try stripeClient().send(
            .get, "/v1/events", params: params,
            options: RequestOptions(stripeAccount: account))
        guard let list = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
            let data = list["data"] as? [[String: Any]]
        else { return [] }
        return try data.map { event in
            FetchedEvent(
                id: event["id"] as? String ?? "", type: event["type"] as? String ?? "",
                created: event["created"] as? Int ?? 0,
                body: Array(try JSONSerialization.data(withJSONObject: event)))
        }
    }

    /// Publishes a Stripe event the way the notifications service re-publishes verified
    /// webhooks: routing key and type `stripe.<type>`, Stripe's JSON as the body, headers
    /// `x-stripe-event-id` and `x-stripe-account`. Returns the envelope's message id.
    @discardableResult
    func publishStripeEvent(_ event: FetchedEvent, account: String) throws -> String {
        let envelope = Envelope(
            type: "stripe.\(event.type)", appId: "notifications",
            headers: MessageHeaders(stripeAccount: account, extra: ["x-stripe-event-id": event.id]),
            body: event.body)
        let connection = try AMQPConnection(url: try AMQPURL(env.amqpURL), connectionName: "onboarding-tests.notifications")
        defer { connection.close() }
        try connection.enableConfirms()
        try connection.publish(envelope, exchange: Exchanges.events, routingKey: "stripe.\(event.type)", mandatory: true)
        try connection.waitForConfirms(timeout: .seconds(10))
        return envelope.messageId
    }

    /// Opens a hosted page (an account link URL) the way a browser does and returns where
    /// it redirects (the link's `return_url`, or `refresh_url` for a used or expired link).
    func visit(_ url: String, outcome: String) async throws -> String {
        try await onThread {
            let transport = try CurlTransport(connectTimeout: .seconds(5), timeout: .seconds(30))
            let response = try transport.perform(
                StripeHTTPRequest(
                    method: .get, url: url + "?outcome=" + outcome,
                    headers: [], body: []), whileWaiting: nil)
            return response.headers["location"] ?? response.headers["Location"] ?? "status \(response.status)"
        }
    }
}
