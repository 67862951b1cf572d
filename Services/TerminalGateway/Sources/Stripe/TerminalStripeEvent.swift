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
    /// ``type`` as one the gateway consumes, or `nil` for another.
    var kind: TerminalEventType? { TerminalEventType(rawValue: type) }
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
    /// The card a `collect_payment_method` action read (`terminal.reader.action_succeeded`).
    var collected: CollectedMethod?

    /// What `action.collect_payment_method.payment_method` says about the card.
    struct CollectedMethod: Sendable, Equatable {
        var paymentMethod: String?
        var brand: String?
        var last4: String?
        var funding: String?
        var walletType: String?
    }

    /// The collect action's part of a reader event (`data.object.action`).
    private struct CollectBody: Decodable {
        struct Data: Decodable { var object: Reader }
        struct Reader: Decodable { var action: Action? }
        struct Action: Decodable {
            var type: String?
            var status: String?
            var collect_payment_method: Collect?
        }
        struct Collect: Decodable {
            var payment_intent: String?
            var payment_method: Method?
        }
        struct Method: Decodable {
            var id: String?
            var card_present: Card?
        }
        struct Card: Decodable {
            var brand: String?
            var last4: String?
            var funding: String?
            var wallet: Wallet?
        }
        struct Wallet: Decodable { var type: String? }
        var data: Data
    }

    /// Parses the event body; `fallbackAccount` is the `x-stripe-account` header.
    /// - Throws: ``MessageDecodingError`` naming the missing or malformed part.
    static func parse(_ body: [UInt8], fallbackAccount: String?, now: Int) throws(MessageDecodingError) -> TerminalStripeEvent {
        let event: StripeEvent
        do { event = try JSONDecoder().decode(StripeEvent.self, from: Data(body)) } catch {
            throw MessageDecodingError(field: "", kind: .malformed, reason: "not a Stripe event: \(error)")
        }
        var parsed = TerminalStripeEvent(
            id: event.id, type: event.type, account: event.account ?? fallbackAccount,
            created: event.created ?? now, idempotencyKey: event.request?.idempotencyKey)
        do {
            switch parsed.kind?.object {
            case .reader:
                let reader = try event.dataObject(as: TerminalReader.self)
                parsed.reader = reader.id
                parsed.paymentIntent = reader.action?.processPaymentIntent?.paymentIntent?.id
                if let action = try? JSONDecoder().decode(CollectBody.self, from: Data(body)).data.object.action,
                    action.type == "collect_payment_method", let collect = action.collect_payment_method
                {
                    parsed.paymentIntent = collect.payment_intent ?? parsed.paymentIntent
                    if action.status == "succeeded", let method = collect.payment_method {
                        parsed.collected = CollectedMethod(
                            paymentMethod: method.id, brand: method.card_present?.brand,
                            last4: method.card_present?.last4, funding: method.card_present?.funding,
                            walletType: method.card_present?.wallet?.type)
                    }
                }
            case .paymentIntent:
                parsed.paymentIntent = try event.dataObject(as: PaymentIntent.self).id
            case nil:
                break
            }
        } catch {
            throw MessageDecodingError(field: "data.object", kind: .malformed, reason: "not a \(event.type) object: \(error)")
        }
        return parsed
    }
}
