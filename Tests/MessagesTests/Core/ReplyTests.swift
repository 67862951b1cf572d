import Foundation
import Testing
@testable import Messages

@Suite struct ReplyTests {
    @Test func okWireForm() throws {
        let bytes = try MessageCoder.encode(Reply<PingCommand.Result>.ok(.init(pongAt: 7)))
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"ok":true,"result":{"pong_at":7}}"#)
        #expect(try MessageCoder.decode(Reply<PingCommand.Result>.self, from: bytes) == .ok(.init(pongAt: 7)))
    }

    @Test func errorWireForm() throws {
        let err = ReplyError.stripe(
            StripeErrorInfo(
                type: "card_error", code: "card_declined",
                declineCode: "insufficient_funds", requestId: "req_1"),
            message: "Your card has insufficient funds.", retryable: false)
        #expect(err.code == "stripe.card_declined")
        let bytes = try MessageCoder.encode(Reply<PingCommand.Result>.error(err))
        let json = String(decoding: bytes, as: UTF8.self)
        #expect(
            json == #"{"error":{"code":"stripe.card_declined","message":"Your card has insufficient funds.","#
                + #""retryable":false,"stripe":{"code":"card_declined","decline_code":"insufficient_funds","#
                + #""request_id":"req_1","type":"card_error"}},"ok":false}"#)
        #expect(try MessageCoder.decode(Reply<PingCommand.Result>.self, from: bytes) == .error(err))
    }

    /// `parked` is written only when set, and read by tolerant readers.
    @Test func parkedIsAnOptionalMember() throws {
        var err = ReplyError(code: "stripe.api", message: "down", retryable: true)
        #expect(!String(decoding: try MessageCoder.encode(err), as: UTF8.self).contains("parked"))
        err.parked = true
        let bytes = try MessageCoder.encode(Reply<PingCommand.Result>.error(err))
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"error":{"code":"stripe.api","message":"down","parked":true,"retryable":true},"ok":false}"#)
        #expect(try MessageCoder.decode(Reply<PingCommand.Result>.self, from: bytes).failure?.parked == true)
    }

    @Test func okRequiresAResult() {
        #expect(throws: MessageDecodingError.self) {
            try MessageCoder.decode(Reply<PingCommand.Result>.self, from: Array(#"{"ok":true}"#.utf8))
        }
    }

    @Test func stripeCodeFallsBackToType() {
        #expect(ReplyError.stripe(StripeErrorInfo(type: "api_error"), message: "x", retryable: true).code == "stripe.api_error")
        #expect(ReplyError.notFound("account", id: "acct_1").code == ReplyError.Code.accountNotFound)
        #expect(ReplyError.conflict("already_captured", "x").code == ReplyError.Code.alreadyCaptured)
    }
}
