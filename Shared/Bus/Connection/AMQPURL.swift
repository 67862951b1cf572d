#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A parsed `amqp://` or `amqps://` URL (the RabbitMQ URI spec).
///
/// Shape: `amqp[s]://[user[:password]@]host[:port][/vhost][?query]`.
/// - user and password are percent-decoded and default to `guest`/`guest`;
/// - the port defaults to 5672 (`amqp`) or 5671 (`amqps`);
/// - the vhost is the percent-decoded path; an empty path (or `%2F`) means `/`;
/// - query parameters: `heartbeat` (seconds, ≥ 0), `connection_timeout` (milliseconds),
///   `cacertfile` (PEM bundle used to verify the broker), `verify` (`verify_peer`, the
///   default, or `verify_none`). Other RabbitMQ URI parameters are accepted and ignored.
///
/// A cluster is a comma-separated list of such URLs, one per node, e.g.
/// `amqp://u:p@10.0.0.1:5672/,amqp://u:p@10.0.0.2:5672/` (a comma inside a user name or
/// password must be percent-encoded as `%2C`). The first URL is this value, the others
/// are ``alternates``; ``nodes`` lists them all and a connection tries them in turn (see
/// ``AMQPConnection``). Every URL is parsed on its own (user, vhost and query each).
///
/// ``description`` never shows the password. Thread-safe (a value type).
public struct AMQPURL: Sendable, Equatable, CustomStringConvertible {
    /// `true` for `amqps://` (TLS through rabbitmq-c's OpenSSL socket).
    public var isTLS: Bool
    /// Broker host name or address (IPv6 without brackets).
    public var host: String
    /// Broker TCP port.
    public var port: Int
    /// SASL PLAIN user name.
    public var user: String
    /// SASL PLAIN password; never printed.
    public var password: String
    /// Virtual host, `/` by default.
    public var vhost: String
    /// Heartbeat interval requested by the URL in seconds (0 disables), if given.
    public var heartbeatSeconds: Int?
    /// Time allowed for the TCP connect, TLS handshake and login, if given.
    public var connectionTimeout: Duration?
    /// Path of a PEM CA bundle for TLS, if given (otherwise the system bundle).
    public var caCertFile: String?
    /// Whether TLS verifies the broker's certificate and host name (default `true`).
    public var verifyPeer: Bool
    /// The other nodes of a cluster, in the order given after the first URL (empty for one node).
    public var alternates: [AMQPURL] = []

    /// This node and its ``alternates``, in order; each without alternates of its own.
    public var nodes: [AMQPURL] {
        var first = self
        first.alternates = []
        return [first] + alternates
    }

    /// Parses `string`: one URL, or a comma-separated list of URLs (one per cluster node).
    /// - Throws: ``BusError`` `bus.invalid_url` naming the offending part (never the password)
    ///   and, for a list, which URL of it (1-based).
    public init(_ string: String) throws(BusError) {
        let parts = string.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count > 1 else {
            try self.init(single: string)
            return
        }
        var parsed: [AMQPURL] = []
        for (index, part) in parts.enumerated() {
            let trimmed = String(part.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
            guard !trimmed.isEmpty else { throw Self.invalid("URL \(index + 1) of the list is empty") }
            do {
                parsed.append(try AMQPURL(single: trimmed))
            } catch {
                throw BusError(code: error.code, message: "\(error.message) (URL \(index + 1) of \(parts.count))")
            }
        }
        self = parsed[0]
        alternates = Array(parsed.dropFirst())
    }

    private init(single string: String) throws(BusError) {
        let lower = string.lowercased()
        let rest: Substring
        if lower.hasPrefix("amqps://") {
            isTLS = true; rest = string.dropFirst(8)
        } else if lower.hasPrefix("amqp://") {
            isTLS = false; rest = string.dropFirst(7)
        } else {
            throw Self.invalid("scheme must be amqp:// or amqps://")
        }
        let (beforeQuery, query) = Self.split(rest, at: "?")
        let (authority, path) = Self.split(beforeQuery, at: "/")
        var hostPort = authority
        user = "guest"; password = "guest"
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            hostPort = authority[authority.index(after: at)...]
            let (rawUser, rawPassword) = Self.split(userInfo, at: ":")
            user = try Self.decode(rawUser, part: "user")
            if let rawPassword { password = try Self.decode(rawPassword, part: "password") }
        }
        (host, port) = try Self.parseHostPort(hostPort, defaultPort: isTLS ? 5671 : 5672)
        let decodedPath = try Self.decode(path ?? "", part: "vhost")
        if (path ?? "").contains("/") { throw Self.invalid("vhost must percent-encode '/' as %2F") }
        vhost = decodedPath.isEmpty ? "/" : decodedPath
        verifyPeer = true
        try applyQuery(query ?? "")
    }

    /// `host:port` as URLs and ``description`` show it: an IPv6 host in brackets (`[::1]:5672`).
    public var hostAndPort: String {
        "\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }

    /// `amqp[s]://user:***@host:port/vhost` (comma-separated for a cluster) — safe to log.
    public var description: String {
        nodes.map { node in
            "\(node.isTLS ? "amqps" : "amqp")://\(node.user):***@\(node.hostAndPort)/\(Self.percentEncoded(node.vhost))"
        }.joined(separator: ",")
    }

    private mutating func applyQuery(_ query: Substring) throws(BusError) {
        for pair in query.split(separator: "&") where !pair.isEmpty {
            let (rawKey, rawValue) = Self.split(pair, at: "=")
            let key = try Self.decode(rawKey, part: "query parameter name")
            let value = try Self.decode(rawValue ?? "", part: "query parameter \(key)")
            switch key {
            case "heartbeat":
                guard let seconds = Int(value), seconds >= 0, seconds <= 65535 else {
                    throw Self.invalid("heartbeat must be a number of seconds between 0 and 65535")
                }
                heartbeatSeconds = seconds
            case "connection_timeout":
                guard let millis = Int(value), millis > 0 else {
                    throw Self.invalid("connection_timeout must be a positive number of milliseconds")
                }
                connectionTimeout = .milliseconds(millis)
            case "cacertfile":
                guard !value.isEmpty else { throw Self.invalid("cacertfile must not be empty") }
                caCertFile = value
            case "verify":
                switch value {
                case "verify_peer": verifyPeer = true
                case "verify_none": verifyPeer = false
                default: throw Self.invalid("verify must be verify_peer or verify_none")
                }
            default:
                continue
            }
        }
    }

    private static func parseHostPort(_ s: Substring, defaultPort: Int) throws(BusError) -> (String, Int) {
        var host: Substring
        var portText: Substring?
        if s.hasPrefix("[") {
            guard let close = s.firstIndex(of: "]") else { throw invalid("unterminated IPv6 address") }
            host = s[s.index(after: s.startIndex)..<close]
            let after = s[s.index(after: close)...]
            if after.hasPrefix(":") {
                portText = after.dropFirst()
            } else if !after.isEmpty {
                throw invalid("unexpected text after IPv6 address")
            }
        } else {
            let (h, p) = split(s, at: ":")
            host = h
            portText = p
        }
        let decodedHost = try decode(host, part: "host")
        var port = defaultPort
        if let portText, !portText.isEmpty {
            guard let p = Int(portText), (1...65535).contains(p) else {
                throw invalid("port must be a number between 1 and 65535")
            }
            port = p
        }
        return (decodedHost.isEmpty ? "localhost" : decodedHost, port)
    }

    /// Every UTF-8 byte that is not an ASCII letter or digit as `%XX` (upper-case hex).
    private static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    /// `%XX` sequences decoded; `nil` for a malformed sequence or bytes that are not UTF-8.
    private static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue)
            else { return nil }
            bytes.append(high << 4 | low)
        }
        let decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.utf8.elementsEqual(bytes) ? decoded : nil
    }

    /// The value of one ASCII hex digit.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Splits at the first `separator`: (before, after) or (whole, nil).
    private static func split(_ s: Substring, at separator: Character) -> (Substring, Substring?) {
        guard let i = s.firstIndex(of: separator) else { return (s, nil) }
        return (s[..<i], s[s.index(after: i)...])
    }

    private static func decode(_ s: Substring, part: String) throws(BusError) -> String {
        guard let decoded = percentDecoded(s) else {
            throw invalid("bad percent-encoding in the \(part)")
        }
        return decoded
    }

    private static func invalid(_ reason: String) -> BusError {
        BusError(code: BusError.Code.invalidURL, message: "invalid AMQP URL: \(reason)")
    }
}
