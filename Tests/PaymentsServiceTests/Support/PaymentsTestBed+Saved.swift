import Bus
import Foundation
import Messages
import PaymentsService
import Store
import StripeSimCore
import TestKit

/// Shorthands for the saved-payment-method tests: the buyer saving a card, the platform's
/// command delivered twice, the saved rows.
extension PaymentsTestBed {
    /// Publishes `command` twice with one `message_id` (a redelivery), then sends `flush` on
    /// the same queue and returns its reply: one worker handles the queue's messages in
    /// order, so both copies were handled by then.
    func sendTwice<C: CommandMessage>(_ command: C, account: String, flush: C) async throws -> Reply<C.Result> {
        let envelope = try Envelope.make(command, appId: "payments-tests", stripeAccount: account)
        let url = env.amqpURL
        try await onThread {
            let connection = try AMQPConnection(url: try AMQPURL(url), connectionName: "payments-tests-duplicate")
            defer { connection.close() }
            try connection.enableConfirms()
            for _ in 0..<2 {
                try connection.publish(envelope, exchange: Exchanges.commands, routingKey: C.messageName, mandatory: true)
            }
            try connection.waitForConfirms(timeout: .seconds(10))
        }
        return try await send(flush)
    }

    /// The saved method's column as text (`nil` when not recorded).
    func savedMethod(_ account: String, _ paymentMethod: String, _ column: String) async throws -> String? {
        try await value(
            "SELECT \(column)::text AS v FROM \(schema).saved_payment_methods WHERE account = $1 AND payment_method = $2",
            [.text(account), .text(paymentMethod)], column: "v")
    }

    /// Saves `card` (a test card number or PaymentMethod name) for `reference` through a setup
    /// sheet confirmed by the buyer (3-D Secure completed when the card asks for it), delivers
    /// the SetupIntent's events and returns the saved PaymentMethod id.
    func saveCard(_ card: String, account: String, reference: String, email: String? = nil) async throws -> (method: String, customer: String) {
        let sheet = try unwrap(try await send(CreateSetupSheet(account: account, customerReference: reference, customerEmail: email)))
        let confirmed = stripe("POST", "/v1/setup_intents/\(sheet.setupIntent)/confirm", [("payment_method", card)], account: account)
        if confirmed.json["status"] as? String == "requires_action" {
            _ = stripe("POST", "/sim/setup_intents/\(sheet.setupIntent)/authenticate", [("outcome", "succeed")])
        }
        guard let method = sim.object(id: sheet.setupIntent)?["payment_method"]?.stringValue,
            sim.object(id: sheet.setupIntent)?["status"]?.stringValue == "succeeded"
        else {
            throw TestBedError.stripe("setup intent not succeeded: \(confirmed.json)")
        }
        try await deliverEvents(account: account, objects: [sheet.setupIntent])
        return (method, sheet.customer)
    }
}
