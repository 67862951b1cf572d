#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import Messages
public import Store

extension OutboxMessage {
    /// The outbox row for publishing `envelope` to `exchange` with `routingKey`; headers
    /// are stored as a JSON object of the AMQP headers table (`x-schema-version` and the
    /// extras, keys sorted). `mandatory`: publish with the AMQP mandatory flag (an
    /// unroutable message comes back and the relay retries it).
    public init(_ envelope: Envelope, exchange: String, routingKey: String, mandatory: Bool) {
        self.init(
            exchange: exchange, routingKey: routingKey, messageId: envelope.messageId, type: envelope.type,
            correlationId: envelope.correlationId, replyTo: envelope.replyTo, appId: envelope.appId,
            contentType: envelope.contentType, timestamp: envelope.timestamp,
            headersJSON: HeadersJSON.encode(envelope.headers.table), body: envelope.body,
            mandatory: mandatory)
    }

    /// The envelope this row stands for (headers that cannot be read come back empty,
    /// never failing the publish).
    var envelope: Envelope {
        Envelope(
            messageId: messageId, correlationId: correlationId, type: type, timestamp: timestamp,
            appId: appId, replyTo: replyTo, contentType: contentType,
            headers: MessageHeaders(table: HeadersJSON.decode(headersJSON)), body: body)
    }
}

/// The JSON form of an AMQP headers table in the outbox's `headers` column: an object of
/// strings and integers. Pure; thread-safe.
enum HeadersJSON {
    /// `{"k":"v","n":1}` with keys sorted, written byte by byte into one buffer.
    static func encode(_ table: [String: HeaderValue]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 + table.count * 48)
        bytes.append(UInt8(ascii: "{"))
        for (index, entry) in table.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONEscaping.appendQuoted(entry.key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            switch entry.value {
            case .int(let value): bytes.append(contentsOf: String(value).utf8)
            case .string(let value): JSONEscaping.appendQuoted(value, to: &bytes)
            }
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// Reads an object of strings and integers; other values are skipped.
    static func decode(_ bytes: [UInt8]) -> [String: HeaderValue] {
        guard let object = try? JSONDecoder().decode([String: Scalar].self, from: Data(bytes)) else { return [:] }
        return object.compactMapValues(\.header)
    }

    /// One value of the object: a string, or a number or boolean read as an integer
    /// (fractions truncated, `true` = 1); `nil`, arrays and objects are skipped.
    private struct Scalar: Decodable {
        let header: HeaderValue?

        init(from decoder: any Decoder) throws {
            guard let value = try? decoder.singleValueContainer() else { header = nil; return }
            if let string = try? value.decode(String.self) {
                header = .string(string)
            } else if let int = try? value.decode(Int.self) {
                header = .int(int)
            } else if let double = try? value.decode(Double.self) {
                header = Int(exactly: double.rounded(.towardZero)).map { .int($0) }
            } else if let bool = try? value.decode(Bool.self) {
                header = .int(bool ? 1 : 0)
            } else {
                header = nil
            }
        }
    }
}
