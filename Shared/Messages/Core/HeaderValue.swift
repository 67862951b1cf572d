/// One value of an AMQP headers table as ConnectBus uses it: a string or an integer.
public enum HeaderValue: Sendable, Equatable, Hashable {
    /// A long string (`S`).
    case string(String)
    /// A signed integer (AMQP `l`/`I`/`b`… on receipt, sent as a 64-bit `l`).
    case int(Int)

    /// The value as a string; integers are written in decimal.
    public var stringValue: String {
        switch self {
        case .string(let s): return s
        case .int(let i): return String(i)
        }
    }

    /// The value as an integer, if it is one or is a decimal string.
    public var intValue: Int? {
        switch self {
        case .string(let s): return Int(s)
        case .int(let i): return i
        }
    }
}

extension MessageHeaders {
    /// The headers as an AMQP table: integers for `x-schema-version` and `x-attempt`
    /// (`x-attempt` only when it is above 0), strings for everything else. Absent optional
    /// headers are left out. ``extra`` entries never override the modelled headers, and the
    /// broker's `x-delivery-count` is never written back (a copy starts its own count).
    public var table: [String: HeaderValue] {
        var t: [String: HeaderValue] = [:]
        t.reserveCapacity(extra.count + 5)
        for (k, v) in extra where !Self.keysNotWrittenFromExtra.contains(k) { t[k] = .string(v) }
        t[Key.schemaVersion] = .int(schemaVersion)
        if attempt > 0 { t[Key.attempt] = .int(attempt) }
        if let causationId { t[Key.causationId] = .string(causationId) }
        if let stripeAccount { t[Key.stripeAccount] = .string(stripeAccount) }
        if let traceparent { t[Key.traceparent] = .string(traceparent) }
        return t
    }

    /// The wire names of the headers modelled as fields; never taken from ``extra``.
    static let modelledKeys: Set<String> = [
        Key.schemaVersion, Key.attempt, Key.causationId, Key.stripeAccount, Key.traceparent,
    ]

    /// What ``table`` never copies from ``extra``: the modelled headers and the broker's
    /// `x-delivery-count`.
    static let keysNotWrittenFromExtra = modelledKeys.union([Key.deliveryCount])

    /// Reads headers from an AMQP table. A missing or non-numeric `x-schema-version`
    /// reads as 1 and a missing or negative `x-attempt` as 0 (a foreign publisher cannot
    /// buy a message extra retries); unknown headers go to ``extra``.
    public init(table: [String: HeaderValue]) {
        var extra: [String: String] = [:]
        for (k, v) in table where !Self.modelledKeys.contains(k) { extra[k] = v.stringValue }
        self.init(
            schemaVersion: table[Key.schemaVersion]?.intValue ?? 1,
            causationId: table[Key.causationId]?.stringValue,
            stripeAccount: table[Key.stripeAccount]?.stringValue,
            traceparent: table[Key.traceparent]?.stringValue,
            attempt: max(0, table[Key.attempt]?.intValue ?? 0),
            extra: extra)
    }
}
