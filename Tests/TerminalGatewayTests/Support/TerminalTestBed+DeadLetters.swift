import TestKit
import Bus
import Foundation
import Messages

extension TerminalTestBed {
    /// Removes up to `count` dead letters sent by these tests (`app_id` `terminal-tests`) from
    /// `<queue>.dlq`, leaving any other message there (requeued); returns them.
    /// Blocking: call on a dedicated thread.
    @discardableResult
    func takeDeadLetters(queue: String, count: Int, timeout: Duration = .seconds(30)) throws -> [Envelope] {
        let connection = try AMQPConnection(url: try AMQPURL(env.amqpURL), connectionName: "terminal-tests.dlq")
        defer { connection.close() }
        try connection.startConsuming(queue: queue + ".dlq", prefetch: 10)
        var taken: [Envelope] = []
        let deadline = ContinuousClock.now + timeout
        while taken.count < count, ContinuousClock.now < deadline {
            guard let delivery = try connection.nextDelivery(timeout: .milliseconds(200)) else { continue }
            if delivery.envelope.appId == "terminal-tests" {
                try connection.ack(delivery.deliveryTag, multiple: false)
                taken.append(delivery.envelope)
            } else {
                try connection.nack(delivery.deliveryTag, multiple: false, requeue: true)
            }
        }
        return taken
    }
}
