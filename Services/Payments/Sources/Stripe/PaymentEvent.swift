#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import StripeAPI

/// A verified Stripe event about a payment, parsed from the body the notifications service
/// re-publishes as `stripe.<type>` (Stripe's event JSON), reduced to what the order state
/// machine needs.
///
/// Thread-safety: a plain `Sendable` value.
struct PaymentEvent: Sendable, Equatable {
    /// What the event says about which object.
    enum Subject: Sendable, Equatable {
        /// `checkout.session.*`.
        case checkoutSession(CheckoutSession)
        /// `payment_intent.*`.
        case paymentIntent(PaymentIntent)
        /// `charge.refunded`.
        case charge(Charge)
        /// `setup_intent.*`.
        case setupIntent(SetupIntent)
        /// `charge.dispute.*`.
        case dispute(Dispute)
        /// `application_fee.refunded`.
        case applicationFee(ApplicationFee)
        /// `balance.available`.
        case balance(Balance)
    }

    /// Stripe's event id (`evt_…`).
    var id: String
    /// The event type, e.g. `checkout.session.completed`.
    var type: PaymentEventType
    /// The connected account the event belongs to.
    var account: String?
    /// `created`, Unix seconds.
    var created: Int
    /// The object in `data.object`.
    var subject: Subject

    /// Parses the event body; `fallbackAccount` is the `x-stripe-account` header.
    /// - Returns: `nil` for event types the service does not handle.
    /// - Throws: ``MessageDecodingError`` naming the missing or malformed part.
    static func parse(_ body: [UInt8], fallbackAccount: String?, now: Int) throws(MessageDecodingError) -> PaymentEvent? {
        let event: StripeEvent
        do { event = try JSONDecoder().decode(StripeEvent.self, from: Data(body)) } catch {
            throw MessageDecodingError(field: "", kind: .malformed, reason: "not a Stripe event: \(error)")
        }
        guard let type = PaymentEventType(rawValue: event.type) else { return nil }
        let subject: Subject
        do {
            switch type.object {
            case .checkoutSession: subject = .checkoutSession(try event.dataObject(as: CheckoutSession.self))
            case .paymentIntent: subject = .paymentIntent(try event.dataObject(as: PaymentIntent.self))
            case .charge: subject = .charge(try event.dataObject(as: Charge.self))
            case .setupIntent: subject = .setupIntent(try event.dataObject(as: SetupIntent.self))
            case .dispute: subject = .dispute(try event.dataObject(as: Dispute.self))
            case .applicationFee: subject = .applicationFee(try event.dataObject(as: ApplicationFee.self))
            case .balance: subject = .balance(try event.dataObject(as: Balance.self))
            }
        } catch {
            throw MessageDecodingError(field: "data.object", kind: .malformed, reason: "not a \(event.type) object: \(error)")
        }
        return PaymentEvent(
            id: event.id, type: type, account: event.account ?? fallbackAccount,
            created: event.created ?? now, subject: subject)
    }
}
