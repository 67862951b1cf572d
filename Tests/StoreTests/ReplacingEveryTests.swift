import Testing
@testable import Store

@Suite("Password redaction text replacement")
struct ReplacingEveryTests {
    @Test func replacesEveryNonOverlappingOccurrenceByteForByte() {
        #expect("pw=abc; again abc".replacingEvery("abc", with: "***") == "pw=***; again ***")
        #expect("aaaa".replacingEvery("aa", with: "b") == "bb")
        #expect("e\u{301}x".replacingEvery("\u{301}", with: "") == "ex")
        #expect("unchanged".replacingEvery("", with: "x") == "unchanged")
    }
}
