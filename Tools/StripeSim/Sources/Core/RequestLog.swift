public import Foundation

/// One request the simulator answered.
public struct RequestLogEntry: Sendable, Equatable {
    /// When the request arrived.
    public var time: Date
    /// HTTP method.
    public var method: String
    /// Path without query.
    public var path: String
    /// The `Stripe-Account` header, if any.
    public var account: String?
    /// The `Idempotency-Key` header, if any.
    public var idempotencyKey: String?
    /// Decoded parameters (form body or query) as JSON.
    public var params: JSONValue
    /// HTTP status answered (0 when the connection was dropped on purpose).
    public var status: Int
    /// The `Request-Id` answered.
    public var requestId: String
    /// Whether the answer was an idempotent replay.
    public var replayed: Bool
    /// The fault injected, if any (`"500"`, `"429"`, `"drop"`, `"latency=…"`).
    public var fault: String?
    /// The simulator's own time for the request in microseconds (`Sim-Duration-Us`; 0 for
    /// hosted pages).
    public var durationMicros: Int = 0
    /// The entry's place in the log, from 1, never reused (not even after a reset): a
    /// cursor for readers that follow the log (`GET /sim/requests?after=N`).
    public var sequence: Int = 0

    /// Whether this is a call to the simulator's own pages or control plane (`/sim/…`),
    /// not a Stripe API request.
    public var isControl: Bool { path.hasPrefix("/sim/") || path == "/sim" }

    /// The entry as one JSON object (`time` in Unix seconds with fractions).
    public var json: JSONValue {
        [
            "time": .double(time.timeIntervalSince1970), "method": .string(method), "path": .string(path),
            "account": .optional(account), "idempotency_key": .optional(idempotencyKey), "params": params,
            "status": .int(status), "request_id": .string(requestId), "replayed": .bool(replayed),
            "fault": .optional(fault), "duration_us": .int(durationMicros), "seq": .int(sequence),
        ]
    }
}

/// The in-memory request log plus the optional JSON-lines file. Thread-safe.
final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [RequestLogEntry] = []
    private var lastSequence = 0
    private let file: FileHandle?

    /// Opens (creating or appending to) `path` when given.
    init(path: String?) {
        if let path {
            if !FileManager.default.fileExists(atPath: path) {
                _ = FileManager.default.createFile(atPath: path, contents: nil)
            }
            let handle = FileHandle(forWritingAtPath: path)
            _ = try? handle?.seekToEnd()
            file = handle
        } else {
            file = nil
        }
    }

    /// Appends an entry, numbering it (and a line to the file).
    func append(_ entry: RequestLogEntry) {
        lock.lock()
        defer { lock.unlock() }
        var entry = entry
        lastSequence += 1
        entry.sequence = lastSequence
        entries.append(entry)
        if let file {
            var line = entry.json.serialized()
            line.append(UInt8(ascii: "\n"))
            try? file.write(contentsOf: Data(line))
        }
    }

    /// A copy of every entry so far, oldest first.
    var all: [RequestLogEntry] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    /// The sequence number of the latest entry appended (0 before the first).
    var latestSequence: Int {
        lock.lock()
        defer { lock.unlock() }
        return lastSequence
    }

    /// Forgets the entries kept in memory (the file keeps its lines).
    func clear() {
        lock.lock()
        entries.removeAll()
        lock.unlock()
    }

    /// Closes the file.
    func close() {
        lock.lock()
        defer { lock.unlock() }
        try? file?.close()
    }
}
