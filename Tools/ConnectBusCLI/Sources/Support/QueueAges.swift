import Bus
public import Foundation
import Messages

/// The age of the oldest message of a queue nobody consumes: every message present is
/// read and all are given back at once (one nack with requeue of them all), which keeps
/// their order because no consumer takes them in between. A consumed queue is not read
/// (taking its head and giving it back would move it behind the others).
public enum QueueAges {
    /// Most messages read to date a queue; larger queues show no age.
    public static let limit = 10_000

    /// Seconds since the oldest `timestamp` among the messages of `queue`, or `nil` when
    /// it is empty, too large, cannot be read or none of its messages carries a timestamp.
    public static func oldestAge(of queue: String, environment: CLIEnvironment, now: Date = Date()) -> Double? {
        guard let connection = try? environment.connect("queue-age") else { return nil }
        defer { connection.close() }
        do {
            let depth = try connection.queueStatus(queue).messages
            guard depth > 0, depth <= limit else { return nil }
            try connection.startConsuming(queue: queue, prefetch: UInt16(min(depth, Int(UInt16.max))))
            var oldest: Date?
            var last: UInt64?
            var read = 0
            while read < depth, let delivery = try connection.nextDelivery(timeout: .seconds(2)) {
                // A message published without the `timestamp` property reads as 1970: it has no age.
                let stamp = delivery.envelope.timestamp
                if stamp.timeIntervalSince1970 > 0 { oldest = min(oldest ?? stamp, stamp) }
                last = delivery.deliveryTag
                read += 1
            }
            if let last { try connection.nack(last, multiple: true, requeue: true) }
            return oldest.map { max(0, now.timeIntervalSince($0)) }
        } catch {
            return nil
        }
    }

    /// `3s`, `4m`, `2h`, `3d`.
    public static func format(_ seconds: Double?) -> String {
        guard let seconds else { return "-" }
        switch seconds {
        case ..<120: return "\(Int(seconds))s"
        case ..<7200: return "\(Int(seconds / 60))m"
        case ..<172_800: return "\(Int(seconds / 3600))h"
        default: return "\(Int(seconds / 86400))d"
        }
    }
}
