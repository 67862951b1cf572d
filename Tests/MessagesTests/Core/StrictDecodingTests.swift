import Foundation
import Testing
@testable import Messages

/// Commands are strict (an unknown field anywhere, or a null, is refused with its path);
/// events stay tolerant readers. Checked through ``Envelope/decode(_:)``, the runtime's path.
@Suite struct StrictDecodingTests {
    func commandError(_ json: String) -> MessageDecodingError? {
        do {
            _ = try Envelope(type: PingCommand.messageName, appId: "t", body: Array(json.utf8)).decode(PingCommand.self)
            return nil
        } catch { return error }
    }

    @Test func anUnknownTopLevelFieldIsRefusedWithItsName() {
        let e = commandError(#"{"account":"a","line_items":[],"future_field":1}"#)
        #expect(e?.kind == .unknownField)
        #expect(e?.field == "future_field")
        #expect(e?.replyError.code == "validation.unknown_field")
        #expect(e?.replyError.field == "future_field")
    }

    @Test func anUnknownFieldInsideAnArrayIsNamedByItsPath() {
        let e = commandError(#"{"account":"a","line_items":[{"price":"p","quantity":1},{"price":"p","quantity":1,"extra":true}]}"#)
        #expect(e?.field == "line_items[1].extra")
    }

    @Test func camelCaseIsNotTheWireName() {
        let e = commandError(#"{"account":"a","lineItems":[]}"#)
        #expect(e?.kind == .unknownField)
        #expect(e?.field == "lineItems")
    }

    @Test func mapKeysAreFreeButTheirValuesAreChecked() throws {
        #expect(commandError(#"{"account":"a","line_items":[],"metadata":{"anything":"x","else":"y"}}"#) == nil)
        #expect(commandError(#"{"account":"a","line_items":[],"metadata":{"k":null}}"#)?.field == "metadata.k")
    }

    @Test func nullIsRefusedEvenForAnOptionalField() {
        let e = commandError(#"{"account":"a","line_items":[],"note":null}"#)
        #expect(e?.kind == .wrongType)
        #expect(e?.field == "note")
    }

    @Test func anUnknownFieldIsReportedBeforeTheMissingOneItExplains() {
        #expect(commandError(#"{"acount":"a","line_items":[]}"#)?.field == "acount")
    }

    @Test func malformedJSONStaysMalformed() {
        #expect(commandError("{nope")?.kind == .malformed)
    }

    @Test func eventsStayTolerantReaders() throws {
        let json = #"{"account":"acct_1","seller_reference":"s","type":"express","country":"US","occurred_at":1,"added_later":{"x":1}}"#
        let envelope = Envelope(type: AccountCreated.messageName, appId: "t", body: Array(json.utf8))
        #expect(throws: Never.self) { _ = try envelope.decode(AccountCreated.self) }
    }

    @Test func issue13ControllerBodyDecodesInStripesNestedShape() throws {
        let json =
            #"{"seller_reference":"ctl-1","country":"US","controller":{"fees":{"payer":"application"},"losses":{"payments":"application"},"stripe_dashboard":{"type":"express"}}}"#
        let envelope = Envelope(type: CreateAccount.messageName, appId: "t", body: Array(json.utf8))
        let command = try envelope.decodeCommand(CreateAccount.self)
        #expect(
            command.controller
                == AccountController(
                    fees: .init(payer: "application"),
                    losses: .init(payments: "application"),
                    stripeDashboard: .init(type: "express")))
        let flattened = #"{"seller_reference":"ctl-1","country":"US","controller":{"fees_payer":"application"}}"#
        let refused = Envelope(type: CreateAccount.messageName, appId: "t", body: Array(flattened.utf8))
        #expect(throws: MessageDecodingError.self) { _ = try refused.decode(CreateAccount.self) }
    }

    @Test func everyCommandIsStrictWithoutAnyCodeOfItsOwn() throws {
        for case let type as any CommandMessage.Type in Catalogue.messageTypes {
            guard case .object(let shape)? = KnownFields.shape(of: type) else {
                Issue.record("\(type) has no recorded object shape, so it would not be checked")
                continue
            }
            #expect(!shape.fields.isEmpty, "\(type)")
            let body = Array(#"{"not_a_field_of_any_command":1}"#.utf8)
            #expect(throws: MessageDecodingError.self) { try KnownFields.check(body, against: type) }
        }
    }
}
