#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import StripeAPI

/// A verified Stripe event the gateway consumes, parsed from the body the notifications
/// service re-publishes as `stripe.<type>` (Stripe's event JSON), reduced to the
/// PaymentIntent it is about.
///
/// `terminal.reader.action_*` events carry a reader whose `action.process_payment_intent.payment_intent`
/// names the PaymentIntent; `payment_intent.*` events carry the PaymentIntent itself.
/// Thread-safety: a plain `Sendable` value.
struct TerminalStripeEvent: Sendable, Equatable {
    /// Stripe's event id (`evt_…`).
    var id: String
    /// e.g. `payment_intent.amount_capturable_updated`.
    var type: String
    /// The connected account (`account`, else the `x-stripe-account` header), or `nil`.
    var account: String?
    /// `created`, Unix seconds.
    var created: Int
    /// The PaymentIntent the event is about, or `nil` (e.g. a reader action of another kind).
    var paymentIntent: String?
    /// The reader, for reader events.
    var reader: String?
    /// `request.idempotency_key`: the key of the API request that caused the event.
    var idempotencyKey: String?

    /// Parses the event body; `fallbackAccount` is the `x-stripe-account` header.
    /// - Throws: ``MessageDecodingError`` naming the missing or malformed part.
    static func parse(_ body: [UInt8], fallbackAccount: String?, now: Int) throws(MessageDecodingError) -> TerminalStripeEvent {
        let event: StripeEvent
        do { event = try JSONDecoder().decode(StripeEvent.self, from: Data(body)) } catch {
            throw MessageDecodingError(field: "", kind: .malformed, reason: "not a Stripe event: \(error)")
        }
        var parsed = TerminalStripeEvent(id: event.id, type: event.type, account: event.account ?? fallbackAccount,
                                         created: event.created ?? now, idempotencyKey: event.request?.idempotencyKey)
        do {
            if event.type.hasPrefix("terminal.reader.") {
                let reader = try event.dataObject(as: TerminalReader.self)
                parsed.reader = reader.id
                parsed.paymentIntent = reader.action?.processPaymentIntent?.paymentIntent?.id
            } else if event.type.hasPrefix("payment_intent.") {
                parsed.paymentIntent = try event.dataObject(as: PaymentIntent.self).id
            }
        } catch {
            throw MessageDecodingError(field: "data.object", kind: .malformed, reason: "not a \(event.type) object: \(error)")
        }
        return parsed
    }
}
