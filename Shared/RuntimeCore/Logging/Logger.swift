#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Structured logger writing one JSON object per line (to standard error by default).
///
/// Each line has `ts` (ISO 8601, UTC, milliseconds), `level`, `service`, `msg`, the ids of its
/// ``LogContext`` and any extra fields. Values of secret-looking fields are replaced and
/// Stripe keys, webhook secrets and URL passwords are masked anywhere (see ``Redaction``).
///
/// Thread-safety: `Sendable`; lines from many threads never interleave.
public final class Logger: Sendable {
    /// Where finished lines go (without the trailing newline).
    public typealias Sink = @Sendable (String) -> Void

    /// The service name written in every line.
    public let service: String
    /// Least severe level written.
    public let level: LogLevel
    /// Ids added to every line of this logger.
    public let context: LogContext
    private let sink: Sink

    /// Creates a logger; `sink` defaults to standard error.
    public init(
        service: String, level: LogLevel = .info, context: LogContext = LogContext(),
        sink: Sink? = nil
    ) {
        self.service = service
        self.level = level
        self.context = context
        self.sink = sink ?? Logger.standardError
    }

    /// A logger with the same sink whose lines carry `context`.
    public func with(_ context: LogContext) -> Logger {
        Logger(service: service, level: level, context: context, sink: sink)
    }

    /// Logs at debug level.
    public func debug(_ message: String, _ fields: [String: String] = [:]) { log(.debug, message, fields) }
    /// Logs at info level.
    public func info(_ message: String, _ fields: [String: String] = [:]) { log(.info, message, fields) }
    /// Logs at warning level.
    public func warning(_ message: String, _ fields: [String: String] = [:]) { log(.warning, message, fields) }
    /// Logs at error level.
    public func error(_ message: String, _ fields: [String: String] = [:]) { log(.error, message, fields) }

    /// Writes one line if `level` is enabled.
    public func log(_ level: LogLevel, _ message: String, _ fields: [String: String] = [:]) {
        guard level >= self.level else { return }
        sink(render(level, message, fields, now: Date()))
    }

    /// The JSON line for a record (exposed for tests).
    func render(_ level: LogLevel, _ message: String, _ fields: [String: String], now: Date) -> String {
        var line = "{\"ts\":\"\(LogTimestamp.format(now))\",\"level\":\"\(level.rawValue)\""
        append("service", service, to: &line)
        append("msg", Redaction.scrub(message), to: &line)
        for (key, value) in context.fields { append(key, Redaction.scrub(value), to: &line) }
        for key in fields.keys.sorted() {
            let value = fields[key] ?? ""
            append(key, Redaction.isSecretKey(key) ? Redaction.mask : Redaction.scrub(value), to: &line)
        }
        return line + "}"
    }

    private func append(_ key: String, _ value: String, to line: inout String) {
        line += ",\"" + JSONText.escape(key) + "\":\"" + JSONText.escape(value) + "\""
    }

    private static let outputLock = Mutex(())

    private static let standardError: Sink = { line in writeToStandardError(line + "\n") }

    /// Writes `text` whole to standard error (retrying short writes and `EINTR`), never
    /// interleaved with a log line of another thread. `package`: `ServiceMain` writes its
    /// configuration errors through it.
    package static func writeToStandardError(_ text: String) {
        outputLock.withLock { _ in
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { buffer in
                    write(STDERR_FILENO, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                }
                if written > 0 { offset += written } else if written < 0, errno == EINTR { continue } else { break }
            }
        }
    }
}
