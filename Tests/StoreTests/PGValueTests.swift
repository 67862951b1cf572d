import Foundation
@testable import Store
import Testing

@Suite struct PGValueTests {
    @Test func arrayLiteralEscapesQuotesAndBackslashes() {
        #expect(PGValue.arrayLiteral(["a", "b\"c", "d\\e", ""]) == #"{"a","b\"c","d\\e",""}"#)
    }

    @Test func wireForms() {
        #expect(PGValue.int(-42).wireForm.bytes == Array("-42".utf8))
        #expect(PGValue.bytes([0, 1, 0]).wireForm.format == 1)
        #expect(PGValue.intArray([1, 2]).wireForm.bytes == Array("{1,2}".utf8))
        #expect(PGValue.null.wireForm.bytes == nil)
        #expect(PGValue.double(.infinity).wireForm.bytes == Array("Infinity".utf8))
    }

    @Test func timestampFormatsUTCWithMicroseconds() {
        let date = Date(timeIntervalSince1970: 1_700_000_000.123456)
        #expect(PGTimestamp.format(date) == "2023-11-14 22:13:20.123456+00")
        #expect(PGTimestamp.format(Date(timeIntervalSince1970: -1)) == "1969-12-31 23:59:59.000000+00")
    }

    @Test(arguments: [
        ("2023-11-14 22:13:20.123456+00", 1_700_000_000.123456),
        ("2023-11-14 22:13:20+00", 1_700_000_000),
        ("2023-11-15 03:43:20.5+05:30", 1_700_000_000.5),
        ("2023-11-14 22:13:20", 1_700_000_000),
        ("2000-02-29 00:00:00-01", 951_786_000),
    ])
    func timestampParses(_ text: String, _ seconds: Double) throws {
        let date = try #require(PGTimestamp.parse(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6)
    }

    @Test(arguments: ["infinity", "2023-13-01 00:00:00+00", "2023-11-14", "2023-11-14 22:13:20.+00", ""])
    func timestampRejects(_ text: String) {
        #expect(PGTimestamp.parse(text) == nil)
    }
}
