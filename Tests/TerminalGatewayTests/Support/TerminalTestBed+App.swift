import Bus
import Messages
import Foundation
import StripeAPI
import TestKit

/// What the point-of-sale app does itself with the Terminal SDK, straight against the
/// simulator (the gateway sees none of it): create the PaymentIntent on the connected
/// account, hand it to the reader and let a card be presented.
extension TerminalTestBed {
    /// Creates a PaymentIntent on `account` as the SDK's `createPaymentIntent` does.
    func appCreatedPaymentIntent(
        amount: Int, account: String?, fee: Int? = nil, order: String? = nil,
        types: [String] = ["card_present"], captureMethod: CaptureMethod = .manual
    ) async throws -> String {
        try await onThread {
            try self.stripeClient().createPaymentIntent(
                PaymentIntentCreateParams(
                    amount: amount, currency: "usd", paymentMethodTypes: types, captureMethod: captureMethod,
                    applicationFeeAmount: fee, metadata: order.map { ["order_reference": $0] }),
                options: .idempotent(Envelope.newMessageId(), stripeAccount: account)
            ).id
        }
    }

    /// The app collects and confirms on `reader`: process_payment_intent, then a card.
    func appCollects(_ paymentIntent: String, reader: String, account: String?) async throws {
        _ = try await onThread {
            try self.stripeClient().processPaymentIntent(
                reader: reader, ProcessPaymentIntentParams(paymentIntent: paymentIntent),
                options: .idempotent(Envelope.newMessageId(), stripeAccount: account))
        }
        try await present(reader: reader, account: account)
    }
}

extension TerminalTestBed {
    /// The simulated reader reads the test card `number` (e.g. 3566002020360505, a JCB card).
    func present(reader: String, account: String?, cardNumber: String) async throws {
        _ = try await onThread {
            try self.stripeClient().presentPaymentMethod(
                reader: reader, PresentPaymentMethodParams(cardNumber: cardNumber),
                options: .idempotent(Envelope.newMessageId(), stripeAccount: account))
        }
    }
}
