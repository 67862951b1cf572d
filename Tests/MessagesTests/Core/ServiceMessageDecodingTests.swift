import Testing
@testable import Messages

/// Decoding errors on real service messages name nested and array fields in wire form.
@Suite struct ServiceMessageDecodingTests {
    private func error<M: BusMessage>(_ type: M.Type, _ json: String) -> MessageDecodingError? {
        do {
            _ = try MessageCoder.decode(M.self, from: Array(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func missingFieldInANestedObject() {
        let json = #"{"seller_reference":"s","country":"US","type":"express","representative":{"last_name":"Doe"}}"#
        let e = error(CreateAccount.self, json)
        #expect(e?.field == "representative.first_name")
        #expect(e?.kind == .missing)
    }

    @Test func missingFieldInAnObjectInsideAnArray() {
        let json = #"{"account":"acct_1","order_reference":"o","line_items":[{"quantity":1,"price_data":{"product_name":"Mug","currency":"usd"}}]}"#
        let e = error(CreateCheckoutSession.self, json)
        #expect(e?.field == "line_items[0].price_data.unit_amount")
    }

    @Test func mistypedNestedField() {
        let json = #"{"account":"acct_1","order_reference":"o","line_items":[{"quantity":"1"}]}"#
        let e = error(CreateCheckoutSession.self, json)
        #expect(e?.field == "line_items[0].quantity")
        #expect(e?.kind == .wrongType)
        #expect(e?.replyError.code == "validation.wrong_type")
    }

    @Test func unknownClosedEnumValueIsAnInvalidValue() {
        let json = #"{"account":"acct_1","refresh_url":"https://a.example","return_url":"https://a.example","type":"account_magic"}"#
        let e = error(CreateAccountLink.self, json)
        #expect(e?.field == "type")
        #expect(e?.kind == .invalidValue)
    }

    @Test func unknownStripeStatusIsKept() throws {
        let json =
            #"{"account":"acct_1","order_reference":"o","payment_intent":"pi_1","client_secret":"s","status":"requires_reauthorization","amount":1,"currency":"usd","reused":false,"future":1}"#
        let result = try MessageCoder.decode(CreatePaymentIntent.Result.self, from: Array(json.utf8))
        #expect(result.status == .unknown("requires_reauthorization"))
    }

    @Test func replyMissingItsResultNamesIt() {
        let e = error(PingReplyProbe.self, #"{"ok":true}"#)
        #expect(e?.field == "result")
    }
}

/// A message whose body is a reply, to probe `Reply` decoding errors through the same helper.
private struct PingReplyProbe: BusMessage {
    static let messageName = "test.reply_probe"
    static let schemaVersion = 1
    var reply: Reply<PingCommand.Result>
    init(from decoder: any Decoder) throws { reply = try Reply(from: decoder) }
    func encode(to encoder: any Encoder) throws { try reply.encode(to: encoder) }
}
