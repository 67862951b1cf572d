import Bus
import Foundation
import HTTPServer
import Messages
import PaymentsService
import Store
import StripeSimCore
import TestKit

/// The other parties around the service: the platform's onboarding (a connected account and
/// its `onboarding.account.updated` event), the buyer (paying Checkout, confirming a
/// PaymentIntent in the browser) and the notifications service (re-publishing Stripe events
/// as `stripe.<type>`).
extension PaymentsTestBed {
    /// A Stripe answer: status and JSON object.
    struct SimAnswer: @unchecked Sendable {
        var status: Int
        var json: [String: Any]
        var id: String? { json["id"] as? String }
    }

    /// Calls the simulator in-process exactly as over HTTP (form body, secret key).
    func stripe(
        _ method: String, _ path: String, _ params: [(String, String)] = [], account: String? = nil,
        idempotencyKey: String? = nil
    ) -> SimAnswer {
        var headers = ["authorization": "Bearer \(Self.apiKey)", "content-type": "application/x-www-form-urlencoded"]
        if let account { headers["stripe-account"] = account }
        if method == "POST" { headers["idempotency-key"] = idempotencyKey ?? UUID().uuidString }
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = params.map {
            "\($0.0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }
        .joined(separator: "&")
        let response = sim.handle(HTTPRequest(method: method, path: path, headers: headers, body: Array(body.utf8)))
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
        return SimAnswer(status: response.status, json: json)
    }

    /// A new connected account at the simulator; when `ready`, the onboarding event saying
    /// it can take charges is published and the service's projection waited for.
    /// A connected account the service's account projection knows, whose payment losses are
    /// `lossesPayments`'s (`onboarding.account.created` delivered and applied).
    func seller(lossesPayments: String = "application") async throws -> String {
        let account = try await connectedAccount()
        let created = AccountCreated(
            account: account, sellerReference: IntegrationEnvironment.uniqueName("seller"), country: "US", type: .express,
            occurredAt: Int(Date().timeIntervalSince1970), lossesPayments: lossesPayments)
        try await publish([try Envelope.make(created, appId: "onboarding", stripeAccount: account)], routingKey: AccountCreated.messageName)
        let schema = self.schema
        let known = try await eventually {
            try self.awaitValue("SELECT losses_payments AS v FROM \(schema).account_charges WHERE account = $1", account) != nil
        }
        guard known else { throw TestBedError.timeout("account \(account) never reached the account projection") }
        return account
    }

    func connectedAccount(ready: Bool = true) async throws -> String {
        let answer = stripe("POST", "/v1/accounts", [("type", "express"), ("country", "US")])
        guard let account = answer.id else { throw TestBedError.stripe("account: \(answer.json)") }
        try await publishAccountUpdated(account, chargesEnabled: ready)
        let schema = self.schema
        let known = try await eventually { [self] in
            try awaitValue("SELECT account AS v FROM \(schema).account_charges WHERE account = $1", account) != nil
        }
        guard known else { throw TestBedError.timeout("account projection for \(account)") }
        return account
    }

    /// Publishes `onboarding.account.updated` for `account` as the onboarding service would.
    func publishAccountUpdated(_ account: String, chargesEnabled: Bool) async throws {
        let event = AccountUpdated(
            account: account, status: chargesEnabled ? .enabled : .pending, detailsSubmitted: chargesEnabled,
            chargesEnabled: chargesEnabled, payoutsEnabled: chargesEnabled,
            requirements: AccountRequirements(),
            changedFields: ["charges_enabled"], occurredAt: Int(Date().timeIntervalSince1970))
        let envelope = try Envelope.make(event, appId: "onboarding", stripeAccount: account)
        try await publish([envelope], routingKey: AccountUpdated.messageName)
    }

    /// Publishes envelopes on `connectbus.events` with confirms.
    func publish(_ envelopes: [Envelope], routingKey: String? = nil) async throws {
        let url = env.amqpURL
        try await onThread {
            let connection = try AMQPConnection(url: try AMQPURL(url), connectionName: "payments-tests-publisher")
            defer { connection.close() }
            try connection.enableConfirms()
            for envelope in envelopes {
                try connection.publish(envelope, exchange: Exchanges.events, routingKey: routingKey ?? envelope.type, mandatory: false)
            }
            try connection.waitForConfirms(timeout: .seconds(10))
        }
    }

    /// The Stripe events of `account` about any of `objects` that the service consumes,
    /// oldest first, each as the envelope the notifications service publishes
    /// (`stripe.<type>`, headers `x-stripe-event-id`, `x-stripe-account`).
    func stripeEvents(account: String, objects: Set<String>) -> [Envelope] {
        let events = stripeAPIVersion.map { sim.events(account: account, apiVersion: $0) } ?? sim.events(account: account)
        return events.reversed().compactMap { event -> Envelope? in
            guard let type = event["type"]?.stringValue, let id = event["id"]?.stringValue,
                let objectId = event["data"]?["object"]?["id"]?.stringValue, objects.contains(objectId),
                PaymentsService.stripeEvents.contains("stripe.\(type)")
            else { return nil }
            return Envelope(
                type: "stripe.\(type)", appId: "notifications",
                headers: MessageHeaders(stripeAccount: account, extra: ["x-stripe-event-id": id]),
                body: event.serialized())
        }
    }

    /// Waits until the service handled every envelope (inbox rows) and relayed its outbox,
    /// then collects what the monitor queue received.
    func settle(_ envelopes: [Envelope]) async throws {
        let ids = envelopes.map(\.messageId)
        let schema = self.schema
        let handled = try await eventually { [self] in
            let done = try awaitValue(
                "SELECT count(*)::text AS v FROM \(schema).inbox WHERE message_id = ANY($1::text[])",
                "{\(ids.joined(separator: ","))}")
            let pending = try awaitValue("SELECT count(*)::text AS v FROM \(schema).outbox", nil)
            return done == String(ids.count) && pending == "0"
        }
        guard handled else { throw TestBedError.timeout("events not handled") }
        let monitor = self.monitor
        try await onThread { try monitor.drain() }
    }

    /// Runs a one-parameter query synchronously (on the calling dedicated thread).
    func awaitValue(_ sql: String, _ parameter: String?) throws -> String? {
        let db = try PGConnection(url: env.databaseURL, applicationName: "payments-tests")
        return try db.query(sql, parameter.map { [.text($0)] } ?? []) { try $0.optionalString("v") }.first ?? nil
    }
}
