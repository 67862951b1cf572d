import Foundation
import NotificationsService
import Testing

@Suite("EmailMessage and EmailAddress")
struct EmailMessageTests {
    /// The message's bytes as text (`to`, `subject`, `body` and `date` given; the rest fixed).
    private static func wire(
        to: String = "buyer@example.com", subject: String = "s", body: String = "b",
        seconds: Double = 0
    ) -> String {
        let message = EmailMessage(
            from: "Shop <no-reply@shop.example>", to: to, subject: subject, body: body,
            messageId: "m1:order_confirmation", date: Date(timeIntervalSince1970: seconds))
        return String(decoding: message.bytes, as: UTF8.self)
    }

    @Test("headers cannot be injected through field values; UTF-8 subjects are encoded")
    func headers() {
        let text = Self.wire(subject: "Order €12.50\r\nBcc: evil@example.com", body: "Line 1\nLine 2")
        let headerBlock = text.components(separatedBy: "\r\n\r\n")[0]
        #expect(!headerBlock.components(separatedBy: "\r\n").contains { $0.hasPrefix("Bcc:") })
        #expect(headerBlock.contains("Subject: =?UTF-8?B?"))
        #expect(headerBlock.contains("Date: Thu, 01 Jan 1970 00:00:00 +0000"))
        #expect(text.hasSuffix("\r\n\r\nLine 1\r\nLine 2"))
    }

    @Test("bare LF and CRLF in the body both go out as CRLF; a lone CR stays; CR and LF in headers become spaces")
    func lineEnds() {
        let text = Self.wire(to: "buyer@example.com\r\n", subject: "Paid\rtoday", body: "a\nb\r\nc\rd\n\ne")
        #expect(text.hasSuffix("\r\n\r\na\r\nb\r\nc\rd\r\n\r\ne"))
        #expect(text.contains("\r\nTo: buyer@example.com  \r\n"))
        #expect(text.contains("\r\nSubject: Paid today\r\n"))
    }

    @Test(
        "the Date header is RFC 5322 in UTC, English names",
        arguments: [
            (1_796_065_512.9, "Mon, 30 Nov 2026 19:05:12 +0000"),
            (951_782_400, "Tue, 29 Feb 2000 00:00:00 +0000"),
            (4_102_444_799, "Thu, 31 Dec 2099 23:59:59 +0000"),
        ])
    func dateHeader(seconds: Double, expected: String) {
        #expect(Self.wire(seconds: seconds).contains("\r\nDate: \(expected)\r\n"))
    }

    @Test(
        "addresses",
        arguments: [
            ("buyer@example.com", true), ("a.b+c@shop.example", true), ("no-at.example.com", false),
            ("a@b", false), ("x@example.com>\r\nRCPT TO:<y@example.com", false), ("two words@example.com", false),
        ])
    func addresses(address: String, valid: Bool) {
        #expect(EmailAddress.isValid(address) == valid)
    }
}
