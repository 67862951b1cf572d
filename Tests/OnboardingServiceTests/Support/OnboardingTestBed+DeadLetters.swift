import TestKit
import Bus
import Foundation
import Messages

extension OnboardingTestBed {
    /// Removes the dead letter of `messageId` from `<queue>.dlq` and returns it, leaving any
    /// other message there (requeued); nil when it did not arrive within `timeout`.
    /// Blocking: call on a dedicated thread.
    func takeDeadLetter(queue: String, messageId: String, timeout: Duration = .seconds(30)) throws -> Envelope? {
        let connection = try AMQPConnection(url: try AMQPURL(env.amqpURL), connectionName: "onboarding-tests.dlq")
        defer { connection.close() }
        try connection.startConsuming(queue: queue + ".dlq", prefetch: 1)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard let delivery = try connection.nextDelivery(timeout: .milliseconds(200)) else { continue }
            if delivery.envelope.messageId == messageId {
                try connection.ack(delivery.deliveryTag, multiple: false)
                return delivery.envelope
            }
            try connection.nack(delivery.deliveryTag, multiple: false, requeue: true)
        }
        return nil
    }
}
