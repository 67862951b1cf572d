public import Foundation
public import Messages

/// Where `connectbus tail --from` starts reading the event history stream
/// (`connectbus.events.history`): the AMQP 0-9-1 consume argument `x-stream-offset`.
public enum HistoryOffset: Equatable, Sendable {
    /// The oldest event the stream still holds.
    case first
    /// The event at this stream offset (0-based, as in each message's `x-stream-offset`).
    case offset(Int)
    /// The events published at or after this time (to the second; the broker reads from
    /// the segment holding it, so a few earlier events may come too).
    case timestamp(Date)

    /// Parses `first`, a non-negative integer offset, or an ISO 8601 time
    /// (`2026-12-01T10:00:00Z`).
    /// - Throws: ``CLIError`` (usage) for anything else.
    public static func parse(_ text: String) throws(CLIError) -> HistoryOffset {
        if text == "first" { return .first }
        if let offset = Int(text), offset >= 0 { return .offset(offset) }
        if let date = ISO8601DateFormatter().date(from: text) { return .timestamp(date) }
        throw CLIError.usage(
            "--from \(text): give first, an offset (0, 1, …) or an ISO 8601 time such as 2026-12-01T10:00:00Z",
            verb: "tail")
    }

    /// The `x-stream-offset` value: `first`, the offset, or for a time the interval back
    /// from `now` in seconds (`"<n>s"`, which RabbitMQ accepts on every version with streams).
    public func argument(now: Date) -> HeaderValue {
        switch self {
        case .first: return .string("first")
        case .offset(let offset): return .int(offset)
        case .timestamp(let date): return .string("\(max(0, Int(now.timeIntervalSince(date).rounded(.up))))s")
        }
    }
}
