import Foundation

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
        let lines = body.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        return Array((headers.joined(separator: "\r\n") + "\r\n\r\n" + lines.joined(separator: "\r\n")).utf8)
    }

    static func clean(_ value: String) -> String {
        value.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
    }

    static func encodedWord(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 >= 0x80 }) else { return value }
        return "=?UTF-8?B?" + Data(value.utf8).base64EncodedString() + "?="
    }

    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
