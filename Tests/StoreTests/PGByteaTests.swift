import Testing

@testable import Store

@Suite("bytea text output decoding")
struct PGByteaTests {
    private func decode(_ text: String) -> [UInt8]? {
        text.withCString { PGBytea.decode($0, length: text.utf8.count) }
    }

    @Test func decodesEveryByteFromHexInEitherCase() {
        let all = (0...255).map { UInt8($0) }
        let digits = all.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        #expect(decode("\\x" + digits) == all)
        #expect(decode("\\x" + digits.uppercased()) == all)
        #expect(decode("\\x") == [])
        #expect(decode("\\xDeadBEEF") == [0xDE, 0xAD, 0xBE, 0xEF])
    }

    @Test func rejectsMalformedHex() {
        #expect(decode("\\xabc") == nil)  // odd digit count
        #expect(decode("\\xzz") == nil)
        #expect(decode("\\x0g") == nil)
        #expect(decode("\\xg0") == nil)
        #expect(decode("\\x0:") == nil)  // ':' follows '9'
        #expect(decode("\\x@0") == nil)  // '@' precedes 'A'
        #expect(decode("\\x00ff`0") == nil)  // '`' precedes 'a'
        #expect(decode("\\x00\u{FF}") == nil)  // bytes above ASCII (0xC3 0xBF)
    }

    @Test func findsABadDigitAtAnyPositionOfAnyLength() {
        for count in 1...70 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let digits = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
            #expect(decode("\\x" + digits) == bytes)
            for position in [0, digits.count / 2, digits.count - 1] {
                var broken = Array(digits.utf8)
                broken[position] = UInt8(ascii: "g")
                #expect(decode("\\x" + String(decoding: broken, as: UTF8.self)) == nil)
            }
        }
    }

    @Test func decodesEscapeFormatThroughLibpq() {
        #expect(decode("ab\\\\c\\000") == [UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: "\\"), UInt8(ascii: "c"), 0])
    }
}
