#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One failed attempt in the `x-failures` header (see `MessageHeaders.Key.failures`).
public struct FailureRecord: Codable, Sendable, Equatable {
    /// `x-attempt` of the delivery that failed (0 = the first delivery).
    public var attempt: Int
    /// Unix seconds of the failure.
    public var at: Int
    /// The queue it was consumed from.
    public var queue: String
    /// The stable error code.
    public var code: String
    /// The safe error message (at most ``FailureHistory/messageLimit`` characters).
    public var message: String

    /// A record.
    public init(attempt: Int, at: Int, queue: String, code: String, message: String) {
        self.attempt = attempt
        self.at = at
        self.queue = queue
        self.code = code
        self.message = message
    }
}

/// Reads and extends the `x-failures` header, bounded in size: the first failure and the
/// last ``keptRecent`` are kept.
public enum FailureHistory {
    /// Longest message kept per record.
    public static let messageLimit = 300
    /// Most recent records kept besides the first.
    public static let keptRecent = 9

    /// The records of a header value (empty for none or an unreadable value).
    public static func records(_ header: String?) -> [FailureRecord] {
        guard let header, let records = try? JSONDecoder().decode([FailureRecord].self, from: Data(header.utf8))
        else { return [] }
        return records
    }

    /// `header` with `record` appended (message cut, oldest dropped beyond the bound).
    public static func appending(_ record: FailureRecord, to header: String?) -> String {
        var all = records(header)
        var record = record
        record.message = String(record.message.prefix(messageLimit))
        all.append(record)
        if all.count > keptRecent + 1 { all = [all[0]] + all.suffix(keptRecent) }
        guard let data = try? JSONEncoder().encode(all) else { return header ?? "[]" }
        return String(decoding: data, as: UTF8.self)
    }
}
