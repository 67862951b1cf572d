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
        #expect(PGValue.intArray([1, 2]).wireForm.format == 1)
        #expect(PGValue.intArray([1, 2]).wireForm.oid == 1016)
        #expect(PGValue.null.wireForm.bytes == nil)
        #expect(PGValue.double(.infinity).wireForm.bytes == Array("Infinity".utf8))
    }

    /// Big-endian 4-byte integers, as the binary array format writes them.
    private static func int32s(_ values: [Int32]) -> [UInt8] {
        values.flatMap { value in withUnsafeBytes(of: value.bigEndian) { Array($0) } }
    }

    @Test func textArraysGoInBinaryFormatWithNullElements() {
        let wire = PGValue.optionalTextArray(["ab", nil, ""]).wireForm
        #expect(wire.oid == 1009 && wire.format == 1)
        // ndim 1, has NULLs, element type text (25), 3 elements from index 1; "ab", NULL, "".
        let expected =
            Self.int32s([1, 1, 25, 3, 1, 2]) + Array("ab".utf8) + Self.int32s([-1, 0])
        #expect(wire.bytes == expected)
    }

    @Test func anEmptyArrayHasNoDimensions() {
        #expect(PGValue.textArray([]).wireForm.bytes == Self.int32s([0, 0, 25]))
        #expect(PGValue.intArray([]).wireForm.bytes == Self.int32s([0, 0, 20]))
    }

    @Test func numericBooleanAndByteaArraysInBinaryFormat() {
        #expect(
            PGValue.intArray([-2]).wireForm.bytes
                == Self.int32s([1, 0, 20, 1, 1, 8]) + [255, 255, 255, 255, 255, 255, 255, 254])
        #expect(
            PGValue.doubleArray([1.5]).wireForm.bytes
                == Self.int32s([1, 0, 701, 1, 1, 8]) + withUnsafeBytes(of: (1.5).bitPattern.bigEndian) { Array($0) })
        #expect(PGValue.boolArray([true, false]).wireForm.bytes == Self.int32s([1, 0, 16, 2, 1, 1]) + [1] + Self.int32s([1]) + [0])
        #expect(PGValue.bytesArray([[0, 1]]).wireForm.bytes == Self.int32s([1, 0, 17, 1, 1, 2]) + [0, 1])
        #expect(PGValue.bytesArray([[0]]).wireForm.oid == 1001)
    }

    @Test func aTextArrayElementWithANulByteIsRefusedLikeATextParameter() {
        let wire = PGValue.textArray(["a\u{0}b"]).wireForm
        #expect(wire.format == 0)
        #expect(PGParameterBuffer([wire]).parameterWithNUL == 1)
    }

    @Test func aNulByteInAnyElementOfAnyLengthFallsBackToTheTextLiteral() {
        let long = String(repeating: "x", count: 40)
        #expect(PGValue.optionalTextArray(["a", nil, long]).wireForm.format == 1)
        #expect(PGValue.optionalTextArray(["a", nil, long + "\u{0}"]).wireForm.format == 0)
        #expect(PGValue.textArray(["ok", "\u{0}"]).wireForm.format == 0)
        #expect(PGValue.textArray([long, "é\u{0}"]).wireForm.format == 0)
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
