import Foundation
import Testing
@testable import Messages

@Suite struct MessageCoderTests {
    private func decodeError(_ json: String) -> MessageDecodingError? {
        do {
            _ = try MessageCoder.decode(PingCommand.self, from: Array(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func ignoresUnknownFields() throws {
        let json = #"{"account":"acct_1","line_items":[{"price":"p","quantity":1,"extra":true}],"future_field":{"a":1}}"#
        let ping = try MessageCoder.decode(PingCommand.self, from: Array(json.utf8))
        #expect(ping == PingCommand(account: "acct_1", lineItems: [.init(price: "p", quantity: 1)]))
    }

    @Test func namesAMissingTopLevelField() {
        let e = decodeError(#"{"line_items":[]}"#)
        #expect(e?.field == "account")
        #expect(e?.kind == .missing)
        #expect(e?.reason.hasPrefix("missing") == true)
    }

    @Test func namesAMissingFieldInsideAnArray() {
        let e = decodeError(#"{"account":"a","line_items":[{"price":"p","quantity":1},{"quantity":1}]}"#)
        #expect(e?.field == "line_items[1].price")
        #expect(e?.kind == .missing)
    }

    @Test func namesAMissingSnakeCaseField() {
        let e = decodeError(#"{"account":"a"}"#)
        #expect(e?.field == "line_items")
    }

    @Test func nullCountsAsMissing() {
        let e = decodeError(#"{"account":null,"line_items":[]}"#)
        #expect(e?.field == "account")
        #expect(e?.kind == .missing)
    }

    @Test func namesAMistypedField() {
        let e = decodeError(#"{"account":"a","line_items":[{"price":"p","quantity":"two"}]}"#)
        #expect(e?.field == "line_items[0].quantity")
        #expect(e?.kind == .wrongType)
        #expect(e?.reason == "wrong type: expected integer")
    }

    @Test func rejectsAFractionalInteger() {
        let e = decodeError(#"{"account":"a","line_items":[{"price":"p","quantity":1.5}]}"#)
        // Foundation gives no path for this case; the kind still says what is wrong.
        #expect(e?.kind == .wrongType)
    }

    @Test func malformedBodyHasNoField() {
        let e = decodeError("{not json")
        #expect(e?.field == "")
        #expect(e?.kind == .malformed)
        #expect(e?.replyError.code == "validation.malformed_message")
    }

    @Test func decodingErrorMapsToAReplyError() {
        let e = decodeError(#"{"line_items":[]}"#)
        #expect(
            e?.replyError
                == ReplyError(
                    code: "validation.missing_field", message: "account: missing required field",
                    retryable: false, field: "account"))
    }

    @Test func snakeCaseConversion() {
        #expect(SnakeCase.convert("applicationFeeAmount") == "application_fee_amount")
        #expect(SnakeCase.convert("successURLValue") == "success_url_value")
        #expect(SnakeCase.convert("already_snake") == "already_snake")
        #expect(SnakeCase.convert("line1") == "line1")
    }
}
