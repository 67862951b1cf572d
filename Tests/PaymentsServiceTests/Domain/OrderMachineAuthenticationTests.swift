import Testing
@testable import PaymentsService

@Suite("OrderMachine: off-session authentication")
struct OrderMachineAuthenticationTests {
    private func progress(_ state: OrderState, at: Int = 100) -> OrderProgress {
        OrderProgress(state: state, lastEventAt: at, amount: 2500)
    }

    @Test("authentication required asks once, then the buyer's success pays the order")
    func asksOnceThenPaid() {
        let asked = OrderMachine.apply(.authenticationRequired(at: 200), to: progress(.open))
        #expect(asked.progress.state == .requiresAction)
        #expect(asked.effects == [.requiresAction])
        let again = OrderMachine.apply(.authenticationRequired(at: 201), to: asked.progress)
        #expect(again.effects.isEmpty)
        #expect(again.disposition == .duplicate)
        let paid = OrderMachine.apply(.paymentSucceeded(at: 300), to: again.progress)
        #expect(paid.progress.state == .paid)
        #expect(paid.effects == [.paid])
    }

    @Test("after payment, or older than the newest input, an authentication request is stale")
    func stale() {
        for state in [OrderState.paid, .partiallyRefunded, .refunded] {
            let t = OrderMachine.apply(.authenticationRequired(at: 500), to: progress(state))
            #expect(t.disposition == .stale)
            #expect(t.effects.isEmpty)
        }
        let older = OrderMachine.apply(.authenticationRequired(at: 50), to: progress(.paymentFailed, at: 100))
        #expect(older.disposition == .stale)
    }

    @Test("a failed retry may ask for authentication, and a decline after it fails the order")
    func fromFailedAndBack() {
        let asked = OrderMachine.apply(.authenticationRequired(at: 150), to: progress(.paymentFailed))
        #expect(asked.progress.state == .requiresAction)
        let failed = OrderMachine.apply(.paymentFailed(at: 160), to: asked.progress)
        #expect(failed.progress.state == .paymentFailed)
        #expect(failed.effects == [.paymentFailed])
        #expect(!OrderState.requiresAction.isPaid)
    }
}
