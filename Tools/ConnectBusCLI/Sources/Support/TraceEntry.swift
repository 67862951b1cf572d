public import Foundation

/// One line of `connectbus trace`: when, which service (schema) or `bus`, what kind of
/// thing (`command`, `received` (an inbox row), `handled` (an event that called Stripe),
/// `reply`, `stripe`, `event`, `webhook`, `email`, `record`), and the
/// details. Sorted by time, then by kind in causal order (a command before its Stripe calls
/// and its reply when they share a millisecond). A plain value.
public struct TraceEntry: Sendable, Equatable {
    /// What the line is about.
    public enum Kind: Int, Sendable, Comparable {
        case record = 0, command, received, handled, stripe, reply, event, webhook, email

        public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }

        /// The label printed.
        public var label: String {
            switch self {
            case .record: "record"
            case .command: "command"
            case .received: "received"
            case .handled: "handled"
            case .stripe: "stripe"
            case .reply: "reply"
            case .event: "event"
            case .webhook: "webhook"
            case .email: "email"
            }
        }
    }

    /// When it happened.
    public var at: Date
    /// The service's schema (`onboarding`, `payments`, …) or `bus` for the event stream.
    public var source: String
    /// What it is.
    public var kind: Kind
    /// One line of details.
    public var text: String

    /// An entry.
    public init(at: Date, source: String, kind: Kind, text: String) {
        self.at = at
        self.source = source
        self.kind = kind
        self.text = text
    }

    /// `entries` in time order (kind order for equal times), duplicates removed.
    public static func ordered(_ entries: [TraceEntry]) -> [TraceEntry] {
        var seen = Set<String>()
        return entries.sorted { ($0.at, $0.kind) < ($1.at, $1.kind) }.filter {
            seen.insert("\($0.at.timeIntervalSince1970)|\($0.source)|\($0.kind.rawValue)|\($0.text)").inserted
        }
    }

    /// `2026-12-01T12:00:00.123Z  onboarding     stripe   POST /v1/accounts → 200 …`.
    public var line: String {
        "\(TraceEntry.timeText(at))  \(source.padding(toLength: 16, withPad: " ", startingAt: 0))"
            + "\(kind.label.padding(toLength: 8, withPad: " ", startingAt: 0)) \(text)"
    }

    /// ISO 8601 in UTC with milliseconds.
    public static func timeText(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
