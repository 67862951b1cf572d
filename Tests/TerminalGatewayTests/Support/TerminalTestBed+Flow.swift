import Foundation
import Messages
import Testing
import TestKit

/// The steps of an in-person payment, through the gateway's commands and the simulator.
extension TerminalTestBed {
    /// Errors a flow step raises when the gateway answered otherwise than expected.
    struct StepFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// The result of a reply, or a `StepFailed` naming the error.
    static func value<R>(_ reply: Reply<R>, _ step: String) throws -> R {
        switch reply {
        case .ok(let result): return result
        case .error(let error): throw StepFailed(description: "\(step): \(error.code) \(error.message)")
        }
    }

    /// A location and a registered simulated reader (`simulated-wpe`), through the gateway.
    func reader(account: String? = nil) async throws -> String {
        let address = TerminalAddress(line1: "1 Main St", city: "San Francisco", state: "CA", postalCode: "94110", country: "US")
        let location = try Self.value(
            try await send(CreateLocation(displayName: "Corner Shop", address: address, account: account)),
            "create_location")
        let reader = try Self.value(
            try await send(
                RegisterReader(
                    registrationCode: "simulated-wpe", label: "Till 1",
                    location: location.location, account: account)),
            "register_reader")
        return reader.reader
    }

    /// A unique order reference.
    static func order() -> String { IntegrationEnvironment.uniqueName("order") }

    /// Creates the order's PaymentIntent.
    func createPayment(
        _ order: String, amount: Int, account: String? = nil, fee: Int? = nil,
        captureMethod: TerminalCaptureMethod? = nil
    ) async throws -> CreateTerminalPaymentIntent.Result {
        try Self.value(
            try await send(
                CreateTerminalPaymentIntent(
                    orderReference: order, amount: amount, currency: "usd",
                    captureMethod: captureMethod, account: account,
                    applicationFeeAmount: fee)), "create_payment_intent")
    }

    /// Hands the PaymentIntent to the reader, presents a card and re-publishes the resulting
    /// Stripe events.
    func attempt(_ paymentIntent: String, reader: String, account: String? = nil) async throws {
        let processing = try Self.value(
            try await send(ProcessPayment(reader: reader, paymentIntent: paymentIntent, account: account)),
            "process_payment")
        #expect(processing.actionStatus == .inProgress)
        try await present(reader: reader, account: account)
        try await pumpEvents(account: account)
    }

    /// Waits for `terminal.payment.authorized` of `paymentIntent`.
    func authorizedEvent(_ paymentIntent: String) async throws -> TerminalPaymentAuthorized? {
        let monitor = self.monitor
        return try await onThread {
            try monitor.wait(for: TerminalPaymentAuthorized.self) { $0.paymentIntent == paymentIntent }.first
        }
    }

    /// A payment authorized for `amount` on a new order; returns its PaymentIntent.
    func authorized(amount: Int, reader: String, account: String? = nil, order: String = TerminalTestBed.order()) async throws -> String {
        let created = try await createPayment(order, amount: amount, account: account)
        try await attempt(created.paymentIntent, reader: reader, account: account)
        guard try await authorizedEvent(created.paymentIntent) != nil else {
            throw StepFailed(description: "no terminal.payment.authorized for \(created.paymentIntent)")
        }
        return created.paymentIntent
    }

    /// Events of type `E` about `paymentIntent` received so far (after the monitor drained).
    func events<E: EventMessage & PaymentNamed>(_ type: E.Type, _ paymentIntent: String) async throws -> [E] {
        let monitor = self.monitor
        return try await onThread { try monitor.events(type) { $0.paymentIntent == paymentIntent } }
    }

    /// Waits for `count` events of type `E` about `paymentIntent`; returns those received.
    func wait<E: EventMessage & PaymentNamed>(_ type: E.Type, _ paymentIntent: String, count: Int = 1) async throws -> [E] {
        let monitor = self.monitor
        return try await onThread { try monitor.wait(for: type, count: count) { $0.paymentIntent == paymentIntent } }
    }
}

/// Events that name their PaymentIntent.
protocol PaymentNamed { var paymentIntent: String { get } }
extension TerminalPaymentAuthorized: PaymentNamed {}
extension TerminalPaymentDeclined: PaymentNamed {}
extension TerminalPaymentCaptured: PaymentNamed {}
extension TerminalPaymentCanceled: PaymentNamed {}
extension TerminalPaymentFeeCorrected: PaymentNamed {}
