#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import StripeAPI
public import Runtime

/// Where and how e-mail is sent: an `smtp://host:port` URL, the sender, TLS mode and
/// optional credentials. Thread-safe value type; the password is never logged.
public struct SMTPSettings: Sendable {
    /// How the connection is protected.
    public enum TLSMode: String, Sendable {
        /// Plain SMTP (local relays and test servers).
        case none
        /// `STARTTLS` required on an `smtp://` connection.
        case starttls
        /// Implicit TLS (`smtps://`, usually port 465).
        case tls
    }

    /// Default sender.
    public static let defaultFrom = "ConnectBus <no-reply@connectbus.local>"

    /// Host name or address.
    public var host: String
    /// TCP port.
    public var port: Int
    /// The `From:` header, e.g. `Shop <no-reply@shop.example>`.
    public var from: String
    /// TLS mode.
    public var tls: TLSMode
    /// SMTP AUTH user name, if any.
    public var username: String?
    /// SMTP AUTH password, if any.
    public var password: String?
    /// Connection and transfer timeout.
    public var timeout: Duration

    /// Parses `url` (`smtp://host[:port]` or `smtps://host[:port]`).
    /// - Throws: ``ConfigError`` naming `SMTP_URL`, `SMTP_TLS` or `SMTP_FROM`.
    public init(
        url: String, from: String = SMTPSettings.defaultFrom, tls: String = "none", username: String? = nil,
        password: String? = nil, timeout: Duration = .seconds(20)
    ) throws(ConfigError) {
        var problems: [ConfigError.Problem] = []
        let parsed = URLComponents(string: url)
        let scheme = parsed?.scheme?.lowercased()
        let mode = TLSMode(rawValue: tls.lowercased())
        if mode == nil { problems.append(.init(variable: "SMTP_TLS", message: "must be none, starttls or tls")) }
        if scheme != "smtp" && scheme != "smtps" || (parsed?.host ?? "").isEmpty {
            problems.append(.init(variable: "SMTP_URL", message: "must look like smtp://host:port"))
        }
        if SMTPSettings.address(in: from) == nil {
            problems.append(.init(variable: "SMTP_FROM", message: "must be an address, e.g. Shop <no-reply@shop.example>"))
        }
        guard problems.isEmpty, let parsed, let host = parsed.host, let mode else { throw ConfigError(problems: problems) }
        self.host = host
        self.tls = scheme == "smtps" ? .tls : mode
        self.port = parsed.port ?? (self.tls == .tls ? 465 : 25)
        self.from = from
        self.username = username
        self.password = password
        self.timeout = timeout
    }

    /// The URL libcurl is given: `smtps://host:port` for implicit TLS, else `smtp://host:port`.
    var curlURL: String { "\(tls == .tls ? "smtps" : "smtp")://\(host):\(port)" }

    /// The bare address of the sender (`no-reply@shop.example`).
    var fromAddress: String { SMTPSettings.address(in: from) ?? from }

    /// The address inside `Name <addr>`, or the text itself when it is a bare address.
    static func address(in text: String) -> String? {
        var candidate = text.trimmingSpaces()
        if let open = candidate.lastIndex(of: "<"), let close = candidate.lastIndex(of: ">"), open < close {
            candidate = String(candidate[candidate.index(after: open)..<close])
        }
        return EmailAddress.isValid(candidate) ? candidate : nil
    }
}
