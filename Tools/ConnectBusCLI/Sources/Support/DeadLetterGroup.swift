import Foundation
public import Messages
public import Runtime

/// One parked message as `connectbus dlq` reads it: where it came from, why it failed and
/// its attempts (`x-failures`).
public struct ParkedMessage: Sendable {
    /// The dead-letter queue holding it.
    public let dlq: String
    /// The envelope as parked.
    public let envelope: Envelope

    /// A parked message of `dlq`.
    public init(dlq: String, envelope: Envelope) {
        self.dlq = dlq
        self.envelope = envelope
    }

    /// `x-original-queue`, else the DLQ name without `.dlq`.
    public var originalQueue: String {
        envelope.headers.extra[MessageHeaders.Key.originalQueue] ?? String(dlq.dropLast(".dlq".count))
    }
    /// `x-error-code` (`?` when absent).
    public var errorCode: String { envelope.headers.extra[MessageHeaders.Key.errorCode] ?? "?" }
    /// `x-error-message` (empty when absent).
    public var errorMessage: String { envelope.headers.extra[MessageHeaders.Key.errorMessage] ?? "" }
    /// `x-failed-at`, Unix seconds.
    public var failedAt: Int? { envelope.headers.extra[MessageHeaders.Key.failedAt].flatMap { Int($0) } }
    /// The failed attempts, oldest first (empty for messages parked before the history existed).
    public var failures: [FailureRecord] { FailureHistory.records(envelope.headers.extra[MessageHeaders.Key.failures]) }
    /// When it first failed: the oldest recorded attempt, else when it was parked.
    public var firstFailedAt: Int? { failures.first?.at ?? failedAt }

    /// The failure fingerprint: original queue, error code, message type, normalised message.
    public var fingerprint: DeadLetterFingerprint {
        DeadLetterFingerprint(
            queue: originalQueue, code: errorCode, type: envelope.type,
            message: DeadLetterFingerprint.normalise(errorMessage))
    }
}

/// What makes two dead letters "the same failure": the queue they failed on, the stable
/// error code, the message type and the error message with its variable parts (ids,
/// UUIDs, numbers) replaced by placeholders.
public struct DeadLetterFingerprint: Hashable, Sendable {
    /// The original queue.
    public let queue: String
    /// The stable error code.
    public let code: String
    /// The message type.
    public let type: String
    /// The normalised error message.
    public let message: String

    /// A short, stable id of the fingerprint (10 hex digits of its 64-bit FNV-1a hash), to
    /// name a group on the command line.
    public var id: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in [queue, code, type, message].joined(separator: "\u{1F}").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(String(hash, radix: 16).leftPadded(to: 16).prefix(10))
    }

    private static let rules: [(NSRegularExpression, String)] = [
        // Stripe-style ids (acct_1Nv…, pi_3Ab…, req_…, cs_test_a1…): a prefix and a part with a digit.
        (#"\b[a-z]+(?:_[a-z]+)*_[A-Za-z0-9]*[0-9][A-Za-z0-9]*\b"#, "<id>"),
        (#"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"#, "<uuid>"),
        (#"\b[0-9]+(?:\.[0-9]+)?\b"#, "<n>"),
        (#"\s+"#, " "),
    ].compactMap { pattern, template in
        (try? NSRegularExpression(pattern: pattern)).map { ($0, template) }
    }

    /// `message` with ids, UUIDs and numbers replaced (`<id>`, `<uuid>`, `<n>`), spaces collapsed.
    public static func normalise(_ message: String) -> String {
        var text = message
        for (regex, template) in rules {
            text = regex.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
        }
        return text.trimmingCharacters(in: .whitespaces)
    }
}

/// Dead letters with one fingerprint: how many, first and last seen.
public struct DeadLetterGroup: Sendable {
    /// The shared fingerprint.
    public let fingerprint: DeadLetterFingerprint
    /// The messages, in the order they were read.
    public var messages: [ParkedMessage]

    /// How many messages the group holds.
    public var count: Int { messages.count }
    /// The earliest first failure of its messages (Unix seconds).
    public var firstSeen: Int? { messages.compactMap(\.firstFailedAt).min() }
    /// The latest time one of them was parked (Unix seconds).
    public var lastSeen: Int? { messages.compactMap { $0.failedAt ?? $0.firstFailedAt }.max() }
    /// The dead-letter queues holding them (one, unless several queues share a name).
    public var dlqs: [String] { Array(Set(messages.map(\.dlq))).sorted() }

    /// `messages` grouped by fingerprint, the biggest group first (ties: the most recent first).
    public static func grouping(_ messages: [ParkedMessage]) -> [DeadLetterGroup] {
        var order: [DeadLetterFingerprint] = []
        var byPrint: [DeadLetterFingerprint: [ParkedMessage]] = [:]
        for message in messages {
            let print = message.fingerprint
            if byPrint[print] == nil { order.append(print) }
            byPrint[print, default: []].append(message)
        }
        return order.map { DeadLetterGroup(fingerprint: $0, messages: byPrint[$0] ?? []) }
            .sorted { a, b in a.count != b.count ? a.count > b.count : (a.lastSeen ?? 0) > (b.lastSeen ?? 0) }
    }
}

extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
