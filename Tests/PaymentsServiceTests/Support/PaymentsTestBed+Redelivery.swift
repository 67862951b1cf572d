import Bus
import Foundation
import Messages
import TestKit

extension PaymentsTestBed {
    /// Publishes `command` as one envelope delivered twice (what a redelivery looks like:
    /// the same `message_id`), then sends `marker` on the same queue and returns its reply:
    /// with one worker handling one message at a time, both copies were handled by then.
    func deliverTwice<C: CommandMessage>(_ command: C, account: String, then marker: C) async throws -> Reply<C.Result> {
        let envelope = try Envelope.make(command, appId: "payments-tests", stripeAccount: account)
        let url = env.amqpURL
        try await onThread {
            let connection = try AMQPConnection(url: try AMQPURL(url), connectionName: "payments-tests-redelivery")
            defer { connection.close() }
            try connection.enableConfirms()
            for _ in 0..<2 {
                try connection.publish(envelope, exchange: Exchanges.commands, routingKey: C.messageName, mandatory: true)
            }
            try connection.waitForConfirms(timeout: .seconds(10))
        }
        return try await send(marker)
    }
}
