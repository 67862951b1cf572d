import Messages
import Testing
@testable import TerminalGateway

@Suite("Reconciliation decisions")
struct ReconcileDecisionTests {
    @Test func completedOrdersAreCapturedEverythingElseCanceled() {
        #expect(ReconcileDecision.decide(OrderFlags(orderReference: "o", completed: true)).action == .captured)
        #expect(
            ReconcileDecision.decide(OrderFlags(orderReference: "o", completed: true, paidOtherwise: true))
                == ReconcileDecision(action: .canceled, reason: "paid otherwise"))
        #expect(ReconcileDecision.decide(OrderFlags(orderReference: "o", paidOtherwise: true)).action == .canceled)
        #expect(ReconcileDecision.decide(OrderFlags(orderReference: "o")) == ReconcileDecision(action: .canceled, reason: "abandoned"))
        #expect(ReconcileDecision.decide(nil) == ReconcileDecision(action: .canceled, reason: "abandoned"))
    }

    @Test func nobodysWordWaitsForTheGraceThePlatformsDoesNot() {
        #expect(ReconcileDecision.decide(nil, graceOver: false) == ReconcileDecision(action: .left, reason: "within grace"))
        #expect(ReconcileDecision.decide(OrderFlags(orderReference: "o"), graceOver: false).action == .left)
        #expect(
            ReconcileDecision.decide(OrderFlags(orderReference: "o", abandoned: true), graceOver: false)
                == ReconcileDecision(action: .canceled, reason: "abandoned by the platform"))
        #expect(ReconcileDecision.decide(OrderFlags(orderReference: "o", paidOtherwise: true), graceOver: false).action == .canceled)
        #expect(ReconcileDecision.decide(OrderFlags(orderReference: "o", completed: true), graceOver: false).action == .captured)
    }
}
