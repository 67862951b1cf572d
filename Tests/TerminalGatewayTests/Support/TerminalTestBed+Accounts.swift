import Bus
import Foundation
import Messages
import Store
import StripeAPI
import TerminalGateway
import TestKit

/// Connected accounts of a country, and onboarding's account events as the onboarding
/// service publishes them.
extension TerminalTestBed {
    /// Creates a connected account in `country` at the simulator and returns its id.
    func connectedAccount(country: String) async throws -> String {
        try await onThread {
            try self.stripeClient().createAccount(
                AccountCreateParams(type: .express, country: country),
                options: .idempotent(Envelope.newMessageId())
            ).id
        }
    }

    /// Publishes `event` on `connectbus.events` (routing key = its name) with the account as
    /// `x-stripe-account`, as the onboarding service does.
    func publishOnboarding<E: EventMessage>(_ event: E, account: String) async throws {
        let envelope = try Envelope.make(event, appId: "onboarding", stripeAccount: account)
        let url = env.amqpURL
        try await onThread {
            let connection = try AMQPConnection(url: try AMQPURL(url), connectionName: "terminal-tests.onboarding")
            defer { connection.close() }
            try connection.enableConfirms()
            try connection.publish(envelope, exchange: Exchanges.events, routingKey: E.messageName, mandatory: false)
            try connection.waitForConfirms(timeout: .seconds(10))
        }
    }

    /// The country the gateway recorded for `account` (admin connection), or nil.
    func recordedCountry(_ account: String) throws -> String? {
        let db = try PGConnection(url: env.databaseURL, applicationName: "terminal-tests")
        return try AccountStore(schema: try SQLIdentifier(schema)).country(of: account, on: db)
    }

    /// Announces `account` in `country` with `onboarding.account.created` and waits until the
    /// gateway recorded it.
    func announce(_ account: String, country: String) async throws {
        try await publishOnboarding(
            AccountCreated(
                account: account, sellerReference: "seller-\(account)", country: country,
                occurredAt: Int(Date().timeIntervalSince1970)), account: account)
        let recorded = try await eventually { try self.recordedCountry(account) == country }
        if !recorded { throw StepFailed(description: "the gateway did not record \(account) in \(country)") }
    }
}
