import Bus
import Messages
import Store
import StripeAPI
import TestKit
import Testing
@testable import Runtime

/// The codes the runtime answers any command with are the ones every command's reply lists
/// (``CommandErrorCodes/runtime``, DESIGN §4 "Error codes per command").
@Suite struct RuntimeErrorCodesTests {
    func declared(_ code: String) -> Bool {
        CommandErrorCodes.runtime.contains { $0.matches(code) }
    }

    @Test func theGateTheInboxAndTheClassifierAnswerDeclaredCodes() {
        #expect(declared(SchemaVersionGate.tooNewCode))
        #expect(declared(ReplyError.Code.messageIdReused))
        #expect(declared(FailureClassifier.unknownType("payments.refunds", queue: "payments.refund").code))
        #expect(declared(FailureClassifier.classify(CancellationError()).code))
        let undecodable = MessageDecodingError(field: "amount", kind: .wrongType, reason: "expected an integer")
        #expect(declared(FailureClassifier.classify(undecodable).code))
    }

    @Test func storeAndBusFailuresAreInTheirFamilies() {
        let store = StoreError(code: StoreError.Code.serializationFailure, sqlState: "40001", message: "retry")
        #expect(declared(FailureClassifier.classify(store).code))
        let bus = BusError(code: BusError.Code.connectionLost, message: "gone")
        #expect(declared(FailureClassifier.classify(bus).code))
    }

    @Test func stripeFailuresAreInTheStripeFamily() {
        let error = StripeError(kind: .card, httpStatus: 402, code: "card_declined", message: "declined")
        #expect(CommandErrorCodes.stripeFamily.matches(FailureClassifier.classify(error).code))
        #expect(!declared(FailureClassifier.classify(error).code), "stripe.* is only for Stripe-bound routes")
    }

    @Test func theTestBedsRefuseAReplyWithAnUndeclaredCode() throws {
        let declared = Reply<CreateProduct.Result>.error(ReplyError(code: "stripe.resource_missing", message: "gone"))
        try UndeclaredErrorCode.check(declared, of: CreateProduct.self)
        let undeclared = Reply<CreateProduct.Result>.error(ReplyError(code: ReplyError.Code.readerBusy, message: "busy"))
        let error = #expect(throws: UndeclaredErrorCode.self) { try UndeclaredErrorCode.check(undeclared, of: CreateProduct.self) }
        #expect(error?.command == CreateProduct.messageName && error?.code == ReplyError.Code.readerBusy)
    }
}
