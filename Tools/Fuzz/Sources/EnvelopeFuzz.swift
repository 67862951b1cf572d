import Bus
import Foundation
import Messages

/// The message envelope read from AMQP properties and headers, and every command's decoder
/// and validation.
enum EnvelopeFuzz {
    static func envelope(_ bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        var headers: [String: HeaderValue] = [:]
        let count = Int(reader.byte() % 8)
        let names = [
            "x-schema-version", "x-attempt", "x-causation-id", "x-stripe-account", "traceparent",
            "x-error-code", "x-failed-at", "x-other",
        ]
        for _ in 0..<count {
            let name = reader.byte() % 3 == 0 ? reader.string(max: 12) : names[Int(reader.byte()) % names.count]
            headers[name] =
                reader.byte() % 2 == 0 ? .string(reader.string()) : .int(Int(Int8(bitPattern: reader.byte())) << (Int(reader.byte()) % 56))
        }
        let properties = AMQPProperties(
            contentType: reader.byte() % 4 == 0 ? nil : reader.string(),
            messageId: reader.string(), correlationId: reader.string(),
            type: reader.string(), timestamp: nil, appId: reader.string(),
            replyTo: reader.string(), deliveryMode: reader.byte(), headers: headers)
        let envelope = properties.envelope(body: reader.rest())
        // Written back and read again, the envelope is the same.
        let again = AMQPProperties(envelope: envelope).envelope(body: envelope.body)
        fuzzCheck(
            again.messageId == envelope.messageId && again.type == envelope.type
                && again.headers == envelope.headers, "envelope round trip changed it")
    }

    /// First byte picks the command; the rest is its JSON body.
    static func commands(_ bytes: [UInt8]) {
        let names = commandNames
        guard let first = bytes.first, !names.isEmpty else { return }
        guard let type = Catalogue.messageType(named: names[Int(first) % names.count]) else { return }
        decode(type, Array(bytes.dropFirst()))
    }

    static let commandNames: [String] = Catalogue.all.filter { $0.kind == .command }.map(\.name).sorted()

    private static func decode<T: BusMessage>(_ type: T.Type, _ body: [UInt8]) {
        guard let command = try? MessageCoder.decode(type, from: body) else { return }
        if let checked = command as? any Validatable { _ = try? checked.validate() }
        // What decodes encodes, and decodes again to the same value.
        guard let encoded = try? MessageCoder.encode(command) else {
            return fuzzCheck(false, "\(T.messageName) decoded but does not encode")
        }
        let again = try? MessageCoder.decode(type, from: encoded)
        fuzzCheck(again == command, "\(T.messageName) changed in an encode/decode round trip")
    }
}
