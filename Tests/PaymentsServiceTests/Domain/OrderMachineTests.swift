import Testing
@testable import PaymentsService

@Suite("OrderMachine")
struct OrderMachineTests {
    private func progress(_ state: OrderState, at: Int = 100, amount: Int? = 5000, refunded: Int = 0) -> OrderProgress {
        OrderProgress(state: state, lastEventAt: at, amount: amount, amountRefunded: refunded)
    }

    @Test("open order paid publishes paid once")
    func paidOnce() {
        let first = OrderMachine.apply(.paymentSucceeded(at: 200), to: progress(.open))
        #expect(first.progress.state == .paid)
        #expect(first.effects == [.paid])
        #expect(first.progress.lastEventAt == 200)
        let again = OrderMachine.apply(.paymentSucceeded(at: 201), to: first.progress)
        #expect(again.effects.isEmpty)
        #expect(again.disposition == .duplicate)
        #expect(again.progress == first.progress)
    }

    @Test("failure or processing after payment is stale, whatever its time")
    func noBackwardsFromPaid() {
        let paid = progress(.paid, at: 200)
        for input in [OrderInput.paymentFailed(at: 300), .paymentProcessing(at: 300), .paymentFailed(at: 100)] {
            let t = OrderMachine.apply(input, to: paid)
            #expect(t.progress.state == .paid)
            #expect(t.effects.isEmpty)
            #expect(t.disposition == .stale)
        }
    }

    @Test("delayed method: processing, then success")
    func delayedSuccess() {
        let processing = OrderMachine.apply(.paymentProcessing(at: 100), to: progress(.open, at: 0))
        #expect(processing.progress.state == .awaitingPayment)
        #expect(processing.effects == [.awaitingPayment])
        let paid = OrderMachine.apply(.paymentSucceeded(at: 101), to: processing.progress)
        #expect(paid.progress.state == .paid)
        #expect(paid.effects == [.paid])
    }

    @Test("delayed method: processing, then failure; reordered pair in the same second ends failed")
    func delayedFailure() {
        let processing = OrderMachine.apply(.paymentProcessing(at: 100), to: progress(.open, at: 0))
        let failed = OrderMachine.apply(.paymentFailed(at: 100), to: processing.progress)
        #expect(failed.progress.state == .paymentFailed)
        #expect(failed.effects == [.paymentFailed])
        // Reordered: failure first, then the processing event of the same second.
        let failedFirst = OrderMachine.apply(.paymentFailed(at: 100), to: progress(.open, at: 0))
        let lateProcessing = OrderMachine.apply(.paymentProcessing(at: 100), to: failedFirst.progress)
        #expect(lateProcessing.disposition == .stale)
        #expect(lateProcessing.progress.state == .paymentFailed)
        // An older processing event is stale too.
        #expect(OrderMachine.apply(.paymentProcessing(at: 99), to: failedFirst.progress).disposition == .stale)
    }

    @Test("a failed payment can be retried and paid")
    func retryAfterFailure() {
        let failed = progress(.paymentFailed, at: 100)
        let retry = OrderMachine.apply(.paymentProcessing(at: 150), to: failed)
        #expect(retry.progress.state == .awaitingPayment)
        let paid = OrderMachine.apply(.paymentSucceeded(at: 120), to: failed)
        #expect(paid.progress.state == .paid)
        #expect(paid.progress.lastEventAt == 120)
    }

    @Test("duplicate failure publishes nothing")
    func duplicateFailure() {
        let t = OrderMachine.apply(.paymentFailed(at: 100), to: progress(.paymentFailed, at: 100))
        #expect(t.disposition == .duplicate)
        #expect(t.effects.isEmpty)
    }

    @Test("partial then full refund; smaller or equal totals are duplicates")
    func refunds() {
        let partial = OrderMachine.apply(.refunded(totalRefunded: 2000, at: 300), to: progress(.paid))
        #expect(partial.progress.state == .partiallyRefunded)
        #expect(partial.effects == [.refunded(amount: 2000, total: 2000, full: false)])
        #expect(OrderMachine.refundable(partial.progress) == 3000)
        let duplicate = OrderMachine.apply(.refunded(totalRefunded: 2000, at: 301), to: partial.progress)
        #expect(duplicate.disposition == .duplicate)
        #expect(duplicate.effects.isEmpty)
        let full = OrderMachine.apply(.refunded(totalRefunded: 5000, at: 302), to: partial.progress)
        #expect(full.progress.state == .refunded)
        #expect(full.effects == [.refunded(amount: 3000, total: 5000, full: true)])
        #expect(OrderMachine.refundable(full.progress) == 0)
        let paidAgain = OrderMachine.apply(.paymentSucceeded(at: 400), to: full.progress)
        #expect(paidAgain.progress.state == .refunded)
        #expect(paidAgain.effects.isEmpty)
    }

    @Test("a refund seen before the payment marks the order paid first")
    func refundBeforePaid() {
        let t = OrderMachine.apply(.refunded(totalRefunded: 1000, at: 300), to: progress(.open))
        #expect(t.effects == [.paid, .refunded(amount: 1000, total: 1000, full: false)])
        #expect(t.progress.state == .partiallyRefunded)
    }

    @Test("nothing is refundable before payment")
    func refundableUnpaid() {
        #expect(OrderMachine.refundable(progress(.open)) == 0)
        #expect(OrderMachine.refundable(progress(.awaitingPayment)) == 0)
        #expect(OrderMachine.refundable(progress(.paid, amount: nil)) == 0)
        #expect(OrderMachine.refundable(progress(.paid)) == 5000)
    }

    @Test("an expired session matters only to an open order")
    func expiry() {
        #expect(OrderMachine.apply(.sessionExpired(at: 100), to: progress(.open)).effects == [.sessionExpired])
        #expect(OrderMachine.apply(.sessionExpired(at: 100), to: progress(.paid)).effects.isEmpty)
        #expect(OrderMachine.apply(.sessionExpired(at: 100), to: progress(.awaitingPayment)).effects.isEmpty)
    }

    @Test("every permutation of a card payment's events fulfils exactly once")
    func permutations() {
        let inputs: [OrderInput] = [
            .paymentSucceeded(at: 100), .paymentSucceeded(at: 100), .paymentSucceeded(at: 101),
            .paymentFailed(at: 99), .paymentProcessing(at: 98),
        ]
        for order in permutations(of: Array(inputs.indices)) {
            var p = progress(.open, at: 0)
            var paidEffects = 0
            for index in order {
                let t = OrderMachine.apply(inputs[index], to: p)
                paidEffects += t.effects.filter { $0 == .paid }.count
                p = t.progress
            }
            #expect(paidEffects == 1)
            #expect(p.state == .paid)
        }
    }

    private func permutations(of items: [Int]) -> [[Int]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { i -> [[Int]] in
            var rest = items
            let head = rest.remove(at: i)
            return permutations(of: rest).map { [head] + $0 }
        }
    }
}
