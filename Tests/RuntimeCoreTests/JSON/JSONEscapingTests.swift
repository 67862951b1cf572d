import Testing

@testable import RuntimeCore

@Suite struct JSONEscapingTests {
    @Test func jsonEscapingFindsEveryByteThatNeedsIt() {
        let long = String(repeating: "a", count: 40)
        for text in ["", "plain", long, "é€"] { #expect(!JSONEscaping.needsEscaping(text)) }
        for bad in ["\"", "\\", "\n", "\u{1f}"] {
            #expect(JSONEscaping.needsEscaping(bad))
            #expect(JSONEscaping.needsEscaping(long + bad))
        }
        #expect(JSONEscaping.escape(long + "\"") == long + "\\\"")
        #expect(JSONEscaping.escape(long) == long)
    }

    @Test func appendQuotedWritesTheSameEscapingAsBytes() {
        for text in ["plain", "a\"b\\c\r\n\u{1}", "é€"] {
            var bytes: [UInt8] = []
            JSONEscaping.appendQuoted(text, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == JSONText.quoted(text))
        }
    }
}
