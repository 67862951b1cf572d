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
/// error code, the message type and the error message with its variable parts (quoted
/// values, e-mail addresses, UUIDs, Stripe ids, hex strings, numbers) replaced by placeholders.
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

    /// Prefixes of Stripe object ids (`acct_`, `pi_`, `cs_test_`, …) and of the simulator's, which uses Stripe's.
    static let stripePrefixes = [
        "acct", "ba", "bpc", "btok", "card", "cbtxn", "ch", "cn", "cs", "cus", "dp", "du", "evt", "fee", "file", "fr",
        "iauth", "ic", "ii", "in", "ipi", "link", "pi", "pm", "po", "plink", "price", "prod", "py", "pyr", "re", "req",
        "seti", "si", "src", "sub", "tml", "tmc", "tmr", "tok", "tr", "txn", "txr", "we", "whsec",
    ]

    /// The masks in the order they apply: a later one sees the placeholders of the earlier ones.
    private static let rules: [(NSRegularExpression, String)] = [
        // Quoted values: 'cus_Q1w2…', "colour". An apostrophe inside a word (can't, customers') opens nothing.
        (#"(?<![A-Za-z0-9])'[^'\n]*'(?![A-Za-z0-9])"#, "'<value>'"),
        (#""[^"\n]*""#, "\"<value>\""),
        (#"\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b"#, "<email>"),
        (#"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"#, "<uuid>"),
        // Stripe ids (acct_1Nv…, pi_3Ab…_secret_…, cs_test_a1…): a known prefix and a part with a
        // capital or a digit, so error codes made of words (card_declined, in_progress) stay.
        (
            #"\b(?:"# + stripePrefixes.joined(separator: "|")
                + #")_(?:(?:test|live)_)?(?=[A-Za-z0-9]*[A-Z0-9])[A-Za-z0-9]+(?:_secret_[A-Za-z0-9]+)?\b"#, "<id>"
        ),
        // Any other prefix_id whose id part has a digit (order_42, whatever_9x).
        (#"\b[a-z]+(?:_[a-z]+)*_[A-Za-z0-9]*[0-9][A-Za-z0-9]*\b"#, "<id>"),
        // Hex strings of 8 or more with a digit and a letter (a1b2c3d4, 4bf92f3577b34da6); all letters (deadbeef) reads as a word.
        (#"\b(?=[0-9a-fA-F]*[0-9])(?=[0-9a-fA-F]*[a-fA-F])[0-9a-fA-F]{8,}\b"#, "<hex>"),
        (#"\b[0-9]+(?:\.[0-9]+)?\b"#, "<n>"),
        (#"\s+"#, " "),
    ].compactMap { pattern, template in
        (try? NSRegularExpression(pattern: pattern)).map { ($0, template) }
    }

    /// `message` with its variable parts replaced, spaces collapsed: quoted values
    /// (`'<value>'`, `"<value>"`), e-mail addresses (`<email>`), UUIDs (`<uuid>`), Stripe and
    /// other ids (`<id>`), hex strings of 8 or more (`<hex>`) and numbers (`<n>`). Words stay.
    public static func normalise(_ message: String) -> String {
        var text = message
        for (regex, template) in rules {
            text = regex.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
        }
        return text.trimmingSpaces()
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

    /// The `messages` parked (`x-failed-at`) at or after `since` (Unix seconds), in order;
    /// all of them when `since` is `nil`. A message without `x-failed-at` is not selected by a `since`.
    public static func parked(_ messages: [ParkedMessage], since: Int?) -> [ParkedMessage] {
        guard let since else { return messages }
        return messages.filter { ($0.failedAt ?? Int.min) >= since }
    }

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
