#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One e-mail as the bytes sent after SMTP `DATA` (RFC 5322, MIME, UTF-8 plain text, CRLF
/// line ends). Header values are stripped of line breaks, and non-ASCII subjects are
/// encoded (RFC 2047), so no field value can add headers. Pure; thread-safe value type.
public struct EmailMessage: Sendable, Equatable {
    /// `From:` (e.g. `Shop <no-reply@shop.example>`).
    public var from: String
    /// The recipient's address.
    public var to: String
    /// Subject (any Unicode).
    public var subject: String
    /// Plain-text body.
    public var body: String
    /// `Message-ID` local part; the notification id makes a re-send recognisable.
    public var messageId: String
    /// `Date:`.
    public var date: Date

    /// Creates a message.
    public init(from: String, to: String, subject: String, body: String, messageId: String, date: Date) {
        self.from = from
        self.to = to
        self.subject = subject
        self.body = body
        self.messageId = messageId
        self.date = date
    }

    /// The message bytes.
    public var bytes: [UInt8] {
        let headers = [
            "From: " + EmailMessage.clean(from),
            "To: " + EmailMessage.clean(to),
            "Subject: " + EmailMessage.encodedWord(EmailMessage.clean(subject)),
            "Date: " + EmailMessage.rfc5322Date(date),
            "Message-ID: <" + EmailMessage.clean(messageId).filter { $0 != "<" && $0 != ">" && $0 != " " } + "@connectbus>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: 8bit",
        ]
        return Array((headers.joined(separator: "\r\n") + "\r\n\r\n" + EmailMessage.crlfLineEnds(body)).utf8)
    }

    /// `text` with every line break (LF or CRLF) written as CRLF, as SMTP requires.
    static func crlfLineEnds(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "\n", previous != "\r" { out.append("\r") }
            out.append(scalar)
            previous = scalar
        }
        return String(out)
    }

    /// `value` on one line: CR and LF become spaces (no header injection).
    static func clean(_ value: String) -> String {
        String(String.UnicodeScalarView(value.unicodeScalars.map { $0 == "\r" || $0 == "\n" ? " " : $0 }))
    }

    static func encodedWord(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 >= 0x80 }) else { return value }
        return "=?UTF-8?B?" + Data(value.utf8).base64EncodedString() + "?="
    }

    /// `date` in RFC 5322 §3.3 form, UTC: `Sun, 29 Nov 2026 19:05:12 +0000` (English day
    /// and month names whatever the locale; seconds truncated).
    static func rfc5322Date(_ date: Date) -> String {
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday) % 7]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon) % 12]) "
            + "\(parts.tm_year + 1900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) +0000"
    }
}
