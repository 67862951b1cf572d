import Messages
import Testing
@testable import TerminalGateway

@Suite("Terminal payment state machine")
struct TerminalPaymentMachineTests {
    static let t0 = 1_800_000_000

    static func payment(
        _ state: TerminalPaymentState = .requiresPaymentMethod, amount: Int = 1000,
        currency: String = "usd"
    ) -> TerminalPayment {
        TerminalPayment(orderReference: "order-1", paymentIntent: "pi_1", amount: amount, currency: currency, state: state)
    }

    static func authorized(amount: Int = 1000, currency: String = "usd", overcapture: Bool = true) -> TerminalPayment {
        let snapshot = PaymentIntentSnapshot(
            id: "pi_1", status: .requiresCapture, amount: amount, amountCapturable: amount,
            latestCharge: "ch_1", chargeCreated: t0, overcaptureSupported: overcapture,
            observedAt: t0 + 5)
        var p = payment(.processing, amount: amount, currency: currency)
        p = TerminalPaymentMachine.apply(.snapshot(snapshot, captureKey: nil), to: p).payment
        return p
    }

    static func declined(charge: String, code: String = "generic_decline", amount: Int = 1005) -> PaymentIntentSnapshot {
        PaymentIntentSnapshot(
            id: "pi_1", status: .requiresPaymentMethod, amount: amount, latestCharge: charge,
            decline: .init(code: "card_declined", declineCode: code, message: "declined"), observedAt: t0)
    }

    @Test func processThenAuthorizeSetsExpiryTwoDaysAfterTheCharge() {
        let started = TerminalPaymentMachine.apply(.processStarted(reader: "tmr_1", key: "m:process_payment"), to: Self.payment())
        #expect(started.payment.state == .processing)
        #expect(started.payment.reader == "tmr_1")
        #expect(started.effects.isEmpty)
        let snapshot = PaymentIntentSnapshot(
            id: "pi_1", status: .requiresCapture, amount: 1000, amountCapturable: 1000,
            latestCharge: "ch_1", chargeCreated: Self.t0, overcaptureSupported: true, observedAt: Self.t0 + 9)
        let authorized = TerminalPaymentMachine.apply(.snapshot(snapshot, captureKey: nil), to: started.payment)
        #expect(authorized.effects == [.authorized])
        #expect(authorized.payment.state == .requiresCapture)
        #expect(authorized.payment.amountAuthorized == 1000)
        #expect(authorized.payment.authorizedAt == Self.t0)
        #expect(authorized.payment.expiresAt == Self.t0 + 2 * 86_400)
        #expect(authorized.payment.overcaptureSupported)
        // The same news again (another event about the same authorization) publishes nothing.
        let again = TerminalPaymentMachine.apply(.snapshot(snapshot, captureKey: nil), to: authorized.payment)
        #expect(again.effects.isEmpty)
        #expect(again.payment == authorized.payment)
    }

    @Test func declineGoesBackToRequiresPaymentMethodOncePerCharge() {
        let processing = Self.payment(.processing, amount: 1005)
        let first = TerminalPaymentMachine.apply(.snapshot(Self.declined(charge: "ch_1"), captureKey: nil), to: processing)
        #expect(first.effects == [.declined])
        #expect(first.payment.state == .requiresPaymentMethod)
        #expect(first.payment.declineCode == "generic_decline")
        #expect(first.payment.failureCode == "card_declined")
        #expect(first.payment.paymentIntent == "pi_1")
        // action_failed and payment_failed both arrive: the second changes nothing.
        let duplicate = TerminalPaymentMachine.apply(.snapshot(Self.declined(charge: "ch_1"), captureKey: nil), to: first.payment)
        #expect(duplicate.effects.isEmpty)
        // A second attempt in progress is not declined by the first attempt's late event.
        let retry = TerminalPaymentMachine.apply(.processStarted(reader: "tmr_1", key: "m2:process_payment"), to: first.payment)
        let late = TerminalPaymentMachine.apply(.snapshot(Self.declined(charge: "ch_1"), captureKey: nil), to: retry.payment)
        #expect(late.effects.isEmpty)
        #expect(late.payment.state == .processing)
        // The second attempt's own decline (a new charge) is applied.
        let second = TerminalPaymentMachine.apply(
            .snapshot(Self.declined(charge: "ch_2", code: "incorrect_pin"), captureKey: nil),
            to: retry.payment)
        #expect(second.effects == [.declined])
        #expect(second.payment.declineCode == "incorrect_pin")
    }

    @Test func finalStatesNeverChange() {
        var captured = Self.authorized()
        captured.state = .captured
        let canceledSnapshot = PaymentIntentSnapshot(id: "pi_1", status: .canceled, amount: 1000, observedAt: Self.t0)
        #expect(TerminalPaymentMachine.apply(.snapshot(canceledSnapshot, captureKey: nil), to: captured).payment == captured)
        var canceled = Self.authorized()
        canceled.state = .canceled
        let succeeded = PaymentIntentSnapshot(id: "pi_1", status: .succeeded, amount: 1000, amountReceived: 1000, observedAt: Self.t0)
        let t = TerminalPaymentMachine.apply(.snapshot(succeeded, captureKey: "k"), to: canceled)
        #expect(t.payment == canceled)
        #expect(t.effects.isEmpty)
        #expect(TerminalPaymentMachine.apply(.processStarted(reader: "tmr_1", key: "k"), to: canceled).payment == canceled)
    }

    @Test func authorizedPaymentIsNotSentBackByADeclineSnapshot() {
        let authorized = Self.authorized()
        let t = TerminalPaymentMachine.apply(.snapshot(Self.declined(charge: "ch_9"), captureKey: nil), to: authorized)
        #expect(t.payment.state == .requiresCapture)
        #expect(t.effects.isEmpty)
    }

    @Test func capturedAndCanceledSnapshotsPublishOnce() {
        let succeeded = PaymentIntentSnapshot(id: "pi_1", status: .succeeded, amount: 800, amountReceived: 800, observedAt: Self.t0)
        let captured = TerminalPaymentMachine.apply(.snapshot(succeeded, captureKey: "m:capture"), to: Self.authorized())
        #expect(captured.effects == [.captured])
        #expect(captured.payment.amountCaptured == 800)
        #expect(captured.payment.amountAuthorized == 1000)
        #expect(captured.payment.captureKey == "m:capture")
        #expect(TerminalPaymentMachine.apply(.snapshot(succeeded, captureKey: nil), to: captured.payment).effects.isEmpty)

        let canceled = PaymentIntentSnapshot(id: "pi_1", status: .canceled, amount: 1000, cancellationReason: "automatic", observedAt: Self.t0)
        let t = TerminalPaymentMachine.apply(.snapshot(canceled, captureKey: nil), to: Self.authorized())
        #expect(t.effects == [.canceled])
        #expect(t.payment.cancellationReason == "automatic")
    }

    @Test func automaticCaptureGoesFromProcessingToCaptured() {
        let succeeded = PaymentIntentSnapshot(
            id: "pi_1", status: .succeeded, amount: 1000, amountReceived: 1000,
            latestCharge: "ch_1", chargeCreated: Self.t0, observedAt: Self.t0)
        let t = TerminalPaymentMachine.apply(.snapshot(succeeded, captureKey: nil), to: Self.payment(.processing))
        #expect(t.effects == [.captured])
        #expect(t.payment.amountAuthorized == 1000)
    }

    @Test func readerActionCanceledFreesTheProcessingPayment() {
        let t = TerminalPaymentMachine.apply(.readerActionCanceled, to: Self.payment(.processing))
        #expect(t.payment.state == .requiresPaymentMethod)
        #expect(TerminalPaymentMachine.apply(.readerActionCanceled, to: Self.authorized()).payment.state == .requiresCapture)
    }
}
