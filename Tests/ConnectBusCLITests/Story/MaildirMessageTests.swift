import Foundation
import Testing
@testable import ConnectBusCLI

@Suite("E-mails of the SMTP sink's Maildir")
struct MaildirMessageTests {
    @Test func toAndAPlainSubjectAreRead() {
        let message = MaildirMessage.parse(
            Array(
                "From: Shop <no-reply@shop.example>\r\nTo: ada@example.com\r\nSubject: Your order o-1 is confirmed\r\n\r\nSubject: not this\r\n".utf8)
        )
        #expect(message == MaildirMessage(to: "ada@example.com", subject: "Your order o-1 is confirmed"))
    }

    @Test func anEncodedSubjectIsDecoded() {
        let encoded = "=?UTF-8?B?" + Data("Your payout of 166,38 € could not be paid".utf8).base64EncodedString() + "?="
        let message = MaildirMessage.parse(Array("To: owner@example.com\nSubject: \(encoded)\n\nbody".utf8))
        #expect(message.subject == "Your payout of 166,38 € could not be paid")
    }

    @Test func encodedWordsQuotedPrintableAndFoldedLinesAreJoined() {
        #expect(MaildirMessage.decodeWords("=?utf-8?q?caf=C3=A9_ouvert?= =?UTF-8?Q?_today?= ok") == "café ouvert today ok")
        let folded = MaildirMessage.parse(Array("Subject: A payment for order\n x was disputed\nTo: s@example.com\n\n".utf8))
        #expect(folded.subject == "A payment for order x was disputed")
        #expect(MaildirMessage.decodeWords("no =? word here") == "no =? word here")
    }

    @Test func aMissingFolderHasNoMessages() {
        #expect(MaildirMessage.read(maildir: "/nonexistent/maildir").isEmpty)
    }
}
