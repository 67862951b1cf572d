import StripeSimCore
import Bus
import Foundation
import Messages
import Runtime
import Store
import StripeAPI
import TerminalGateway
import TestKit

extension TerminalTestBed {
    /// A Stripe client for the simulator (use it on the calling dedicated thread only).
    func stripeClient() throws -> StripeClient {
        try StripeClient(config: StripeConfig(apiKey: Self.apiKey, apiBase: sim.baseURL))
    }

    /// Captures `paymentIntent` at the simulator with the key a `terminal.capture_payment`
    /// of `messageId` sends (`<message_id>:capture`): its first delivery, which reached
    /// Stripe and died before its commit.
    @discardableResult
    func captureAsCommand(
        _ paymentIntent: String, _ params: PaymentIntentCaptureParams = PaymentIntentCaptureParams(),
        messageId: String, account: String? = nil
    ) async throws -> PaymentIntent {
        try await onThread {
            try self.stripeClient().capturePaymentIntent(
                paymentIntent, params, options: .idempotent("\(messageId):capture", stripeAccount: account))
        }
    }

    /// Records a captured `paymentIntent` as a late event's or the sweep's re-fetch does: the
    /// simulator's captured amount and fee, and no capture key (admin connection; no event).
    func recordAsRefetched(_ paymentIntent: String) throws {
        let db = try PGConnection(url: env.databaseURL, applicationName: "terminal-tests")
        let store = PaymentStore(schema: try SQLIdentifier(schema))
        guard var payment = try store.find(paymentIntent: paymentIntent, on: db) else { return }
        let pi = try stripeClient().retrievePaymentIntent(
            paymentIntent, options: RequestOptions(stripeAccount: payment.account))
        payment.state = .captured
        payment.amountCaptured = pi.amountReceived
        payment.applicationFeeAmount = pi.applicationFeeAmount ?? payment.applicationFeeAmount
        payment.captureKey = nil
        try store.update(payment, on: db)
    }

    /// Creates a connected account at the simulator (for direct charges) and returns its id.
    func connectedAccount() async throws -> String {
        try await onThread {
            let client = try self.stripeClient()
            let account = try client.createAccount(
                AccountCreateParams(type: .express, country: "US"),
                options: .idempotent(Envelope.newMessageId()))
            return account.id
        }
    }

    /// The simulated reader "reads" a card for its current action (the amount's cents decide).
    func present(reader: String, account: String?) async throws {
        _ = try await onThread {
            try self.stripeClient().presentPaymentMethod(
                reader: reader,
                options: .idempotent(
                    Envelope.newMessageId(),
                    stripeAccount: account))
        }
    }

    /// Re-publishes every Stripe event of `account` (or the platform) that the gateway
    /// consumes and that was not published yet, oldest first, the way the notifications
    /// service does: routing key and type `stripe.<type>`, Stripe's JSON as the body, headers
    /// `x-stripe-event-id` and `x-stripe-account`. Fetched from `GET /v1/events`.
    /// Returns how many were published.
    @discardableResult
    func pumpEvents(account: String?) async throws -> Int {
        try await onThread {
            var params = FormParams()
            params.set("limit", 100)
            let response = try self.stripeClient().send(
                .get, "/v1/events", params: params,
                options: RequestOptions(stripeAccount: account))
            guard let list = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
                let data = list["data"] as? [[String: Any]]
            else { return 0 }
            let consumed = Set(TerminalGatewayService.stripeEvents)
            let connection = try AMQPConnection(url: try AMQPURL(self.env.amqpURL), connectionName: "terminal-tests.notifications")
            defer { connection.close() }
            try connection.enableConfirms()
            var count = 0
            for event in data.reversed() {
                guard let id = event["id"] as? String, let type = event["type"] as? String,
                    consumed.contains("stripe.\(type)"), self.published.insert(id)
                else { continue }
                let envelope = Envelope(
                    type: "stripe.\(type)", appId: "notifications",
                    headers: MessageHeaders(stripeAccount: account, extra: ["x-stripe-event-id": id]),
                    body: Array(try JSONSerialization.data(withJSONObject: event)))
                try connection.publish(envelope, exchange: Exchanges.events, routingKey: "stripe.\(type)", mandatory: false)
                count += 1
            }
            try connection.waitForConfirms(timeout: .seconds(10))
            return count
        }
    }
}
