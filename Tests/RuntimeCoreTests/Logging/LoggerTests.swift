import Foundation
import Synchronization
import Testing
@testable import RuntimeCore

@Suite("Logger")
struct LoggerTests {
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func sink() -> Logger.Sink { { line in self.lines.withLock { $0.append(line) } } }
    }

    private func parse(_ line: String) throws -> [String: String] {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return (object as? [String: String]) ?? [:]
    }

    @Test func writesOneJSONObjectWithContextIds() throws {
        let lines = Lines()
        let log = Logger(service: "payments", sink: lines.sink())
            .with(LogContext(messageId: "m1", correlationId: "c1", stripeAccount: "acct_1", requestId: "req_1"))
        log.info("handled \"quoted\"\nline", ["queue": "payments.x"])
        let fields = try parse(#require(lines.all.first))
        #expect(fields["msg"] == "handled \"quoted\"\nline")
        #expect(fields["level"] == "info")
        #expect(fields["service"] == "payments")
        #expect(fields["message_id"] == "m1")
        #expect(fields["correlation_id"] == "c1")
        #expect(fields["stripe_account"] == "acct_1")
        #expect(fields["request_id"] == "req_1")
        #expect(fields["queue"] == "payments.x")
    }

    @Test func neverWritesSecrets() throws {
        let lines = Lines()
        let log = Logger(service: "payments", sink: lines.sink())
        log.error(
            "connect failed amqp://connectbus:hunter2@127.0.0.1:5672/ key sk_test_51Abc",
            [
                "api_key": "anything", "Authorization": "Bearer x", "detail": "whsec_abcDEF rest",
                "url": "postgres://role:pw@db/x",
            ])
        let line = try #require(lines.all.first)
        for secret in ["hunter2", "sk_test_51Abc", "whsec_abcDEF", "Bearer x", ":pw@", "anything"] {
            #expect(!line.contains(secret), "leaked \(secret)")
        }
        let fields = try parse(line)
        #expect(fields["msg"] == "connect failed amqp://connectbus:[redacted]@127.0.0.1:5672/ key [redacted]")
        #expect(fields["detail"] == "[redacted] rest")
        #expect(fields["url"] == "postgres://role:[redacted]@db/x")
    }

    @Test func dropsLinesBelowTheLevel() {
        let lines = Lines()
        let log = Logger(service: "s", level: .warning, sink: lines.sink())
        log.info("quiet")
        log.debug("quieter")
        log.warning("loud")
        #expect(lines.all.count == 1)
    }
}

@Suite("LogTimestamp")
struct LogTimestampTests {
    @Test func formatsUTCWithMilliseconds() {
        #expect(LogTimestamp.format(Date(timeIntervalSince1970: 1_795_000_000.042)) == "2026-11-18T11:06:40.042Z")
        #expect(LogTimestamp.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
    }
}
