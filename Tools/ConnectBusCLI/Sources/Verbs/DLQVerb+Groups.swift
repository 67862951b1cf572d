import Bus
import Foundation
import Messages
import Runtime

extension DLQVerb {
    /// Which parked messages an action takes: all, a failure group, or one message.
    struct Selection {
        let dlq: String
        let group: String?
        let messageId: String?

        init(_ arguments: ParsedArguments, dlq: String) throws(CLIError) {
            self.dlq = dlq
            group = arguments.value("group")
            messageId = arguments.value("message")
            if group != nil, messageId != nil {
                throw CLIError.usage("give --group or --message, not both", verb: DLQVerb.name)
            }
        }

        var isAll: Bool { group == nil && messageId == nil }

        func matches(_ envelope: Envelope) -> Bool {
            if let messageId { return envelope.messageId == messageId }
            if let group { return ParkedMessage(dlq: dlq, envelope: envelope).fingerprint.id == group }
            return true
        }

        /// `of group G` / `with message_id M` for messages.
        var label: String {
            if let group { return "of group \(group)" }
            if let messageId { return "with message_id \(messageId)" }
            return ""
        }

        /// The option to repeat in a hint.
        var option: String {
            if let group { return "--group \(group)" }
            if let messageId { return "--message \(messageId)" }
            return ""
        }
    }

    /// `dlq groups`: every parked message of `names` (default: every dead-letter queue that
    /// holds messages) grouped by fingerprint; with `since` (Unix seconds) only those parked
    /// (`x-failed-at`) at or after it. Exit 3 when anything (selected) is parked.
    static func groups(
        _ names: [String], since: Int? = nil, exact: Bool, json: Bool, environment: CLIEnvironment
    ) throws(CLIError) -> Int32 {
        var queues = names
        if queues.isEmpty {
            let depths = exact ? try QueueDepths.overAMQP(environment) : try QueueDepths.all(environment).queues
            queues = depths.filter { $0.name.hasSuffix(".dlq") && $0.messages > 0 }.map(\.name).sorted()
        }
        var parked: [ParkedMessage] = []
        for name in queues {
            let queue = try DeadLetterQueue(name: name, environment: environment)
            parked += try queue.peek(limit: Int(UInt16.max)).map { ParkedMessage(dlq: name, envelope: $0.envelope) }
        }
        parked = DeadLetterGroup.parked(parked, since: since)
        let groups = DeadLetterGroup.grouping(parked)
        if json {
            for group in groups { Output.line(jsonLine(groupObject(group))) }
        } else {
            for line in table(groups) { Output.line(line) }
            Output.line("dead letters: \(parked.count) in \(groups.count) group\(groups.count == 1 ? "" : "s")")
        }
        return parked.isEmpty ? 0 : 3
    }

    /// The groups as aligned text: one header line, then two lines per group.
    static func table(_ groups: [DeadLetterGroup]) -> [String] {
        guard !groups.isEmpty else { return [] }
        func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0) }
        var lines = [pad("GROUP", 12) + pad("COUNT", 7) + pad("FIRST SEEN", 22) + pad("LAST SEEN", 22) + "QUEUE  TYPE  CODE"]
        for group in groups {
            let f = group.fingerprint
            lines.append(
                pad(f.id, 12) + pad(String(group.count), 7) + pad(time(group.firstSeen), 22)
                    + pad(time(group.lastSeen), 22) + "\(f.queue)  \(f.type)  \(f.code)")
            lines.append(
                String(repeating: " ", count: 12) + "message: " + (f.message.isEmpty ? "(none)" : f.message)
                    + "  [in \(group.dlqs.joined(separator: ", "))]")
        }
        return lines
    }

    /// `dlq history`: the attempts of one parked message.
    static func history(_ queue: DeadLetterQueue, messageId: String) throws(CLIError) -> Int32 {
        guard let delivery = try queue.peek(limit: Int(UInt16.max)).first(where: { $0.envelope.messageId == messageId }) else {
            throw CLIError(
                "no message with message_id \(messageId) in \(queue.name)",
                hint: "`connectbus dlq show \(queue.name)` lists what is parked there", exitCode: 1)
        }
        for line in historyLines(ParkedMessage(dlq: queue.name, envelope: delivery.envelope)) { Output.line(line) }
        return 0
    }

    /// One message's story: what it is, each failed attempt, when it was parked.
    static func historyLines(_ message: ParkedMessage) -> [String] {
        let envelope = message.envelope
        var lines = [
            "\(envelope.type)  message_id=\(envelope.messageId)  group=\(message.fingerprint.id)",
            "  published \(iso(envelope.timestamp)) by \(envelope.appId.isEmpty ? "?" : envelope.appId)"
                + (envelope.headers.causationId.map { ", caused by \($0)" } ?? ""),
        ]
        let failures = message.failures
        if failures.isEmpty {
            lines.append("  (no x-failures history: parked before it was recorded) last error \(message.errorCode): \(message.errorMessage)")
        }
        for record in failures {
            lines.append("  attempt \(record.attempt)  \(time(record.at))  \(record.queue)  \(record.code): \(record.message)")
        }
        let attempts = max(failures.count, envelope.headers.attempt + 1)
        lines.append("  parked  \(time(message.failedAt)) in \(message.dlq) after \(attempts) attempt\(attempts == 1 ? "" : "s")")
        return lines
    }

    /// `dlq export`: JSON lines on standard output or into `path`.
    static func export(_ queue: DeadLetterQueue, selection: Selection, limit: Int, to path: String?) throws(CLIError) -> Int32 {
        let messages = try queue.peek(limit: Int(UInt16.max)).filter { selection.matches($0.envelope) }.prefix(limit)
            .map { ParkedMessage(dlq: queue.name, envelope: $0.envelope) }
        let text = messages.map { jsonLine(exportObject($0)) + "\n" }.joined()
        if let path {
            do { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) } catch {
                throw CLIError("cannot write \(path): \(error.localizedDescription)")
            }
            Output.error("exported \(messages.count) message\(messages.count == 1 ? "" : "s") from \(queue.name) to \(path)")
        } else if !text.isEmpty {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        return 0
    }

    /// One exported message: ids, type, origin, error, attempts, every header and the body
    /// (as JSON when it is JSON, else as text).
    static func exportObject(_ message: ParkedMessage) -> [String: Any] {
        let e = message.envelope
        var headers: [String: Any] = e.headers.extra
        headers[MessageHeaders.Key.attempt] = e.headers.attempt
        headers[MessageHeaders.Key.schemaVersion] = e.headers.schemaVersion
        if let v = e.headers.causationId { headers[MessageHeaders.Key.causationId] = v }
        if let v = e.headers.stripeAccount { headers[MessageHeaders.Key.stripeAccount] = v }
        if let v = e.headers.traceparent { headers[MessageHeaders.Key.traceparent] = v }
        headers.removeValue(forKey: MessageHeaders.Key.failures)
        var object: [String: Any] = [
            "dlq": message.dlq, "group": message.fingerprint.id, "message_id": e.messageId, "type": e.type,
            "original_queue": message.originalQueue, "error_code": message.errorCode, "error_message": message.errorMessage,
            "app_id": e.appId, "timestamp": iso(e.timestamp), "content_type": e.contentType, "headers": headers,
            "failures": message.failures.map {
                [
                    "attempt": $0.attempt, "at": $0.at, "queue": $0.queue,
                    "code": $0.code, "message": $0.message,
                ] as [String: Any]
            },
            "body": (try? JSONSerialization.jsonObject(with: Data(e.body), options: [.fragmentsAllowed]))
                ?? String(decoding: e.body, as: UTF8.self),
        ]
        if let v = message.failedAt { object["failed_at"] = v }
        if let v = e.correlationId { object["correlation_id"] = v }
        if let v = e.replyTo { object["reply_to"] = v }
        return object
    }

    static func groupObject(_ group: DeadLetterGroup) -> [String: Any] {
        let f = group.fingerprint
        var object: [String: Any] = [
            "group": f.id, "count": group.count, "queue": f.queue, "type": f.type,
            "error_code": f.code, "message": f.message, "dlqs": group.dlqs,
            "message_ids": group.messages.map(\.envelope.messageId),
        ]
        if let v = group.firstSeen { object["first_seen"] = time(v) }
        if let v = group.lastSeen { object["last_seen"] = time(v) }
        return object
    }

    static func jsonLine(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    static func time(_ seconds: Int?) -> String {
        guard let seconds else { return "?" }
        return iso(Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    static func iso(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }
}
