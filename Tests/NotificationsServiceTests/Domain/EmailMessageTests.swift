import Foundation
import NotificationsService
import Testing

@Suite("EmailMessage and EmailAddress")
struct EmailMessageTests {
    @Test("headers cannot be injected through field values; UTF-8 subjects are encoded")
    func headers() {
        let message = EmailMessage(from: "Shop <no-reply@shop.example>", to: "buyer@example.com",
                                   subject: "Order €12.50\r\nBcc: evil@example.com", body: "Line 1\nLine 2",
                                   messageId: "m1:order_confirmation", date: Date(timeIntervalSince1970: 0))
        let text = String(decoding: message.bytes, as: UTF8.self)
        let headerBlock = text.components(separatedBy: "\r\n\r\n")[0]
        #expect(!headerBlock.components(separatedBy: "\r\n").contains { $0.hasPrefix("Bcc:") })
        #expect(headerBlock.contains("Subject: =?UTF-8?B?"))
        #expect(headerBlock.contains("Date: Thu, 01 Jan 1970 00:00:00 +0000"))
        #expect(text.hasSuffix("\r\n\r\nLine 1\r\nLine 2"))
    }

    @Test("addresses", arguments: [
        ("buyer@example.com", true), ("a.b+c@shop.example", true), ("no-at.example.com", false),
        ("a@b", false), ("x@example.com>\r\nRCPT TO:<y@example.com", false), ("two words@example.com", false),
    ])
    func addresses(address: String, valid: Bool) {
        #expect(EmailAddress.isValid(address) == valid)
    }
}
