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

/// The Stripe event types the service consumes: the one list its queue bindings
/// (``PaymentsService/stripeEvents``), ``PaymentEvent/parse(_:fallbackAccount:now:)`` and
/// ``PaymentEventHandler``'s dispatch derive from. Raw values are Stripe's `type`
/// (https://docs.stripe.com/api/events/types).
enum PaymentEventType: String, CaseIterable, Sendable {
    /// `checkout.session.completed`.
    case checkoutSessionCompleted = "checkout.session.completed"
    /// `checkout.session.async_payment_succeeded`.
    case checkoutSessionAsyncPaymentSucceeded = "checkout.session.async_payment_succeeded"
    /// `checkout.session.async_payment_failed`.
    case checkoutSessionAsyncPaymentFailed = "checkout.session.async_payment_failed"
    /// `checkout.session.expired`.
    case checkoutSessionExpired = "checkout.session.expired"
    /// `payment_intent.succeeded`.
    case paymentIntentSucceeded = "payment_intent.succeeded"
    /// `payment_intent.processing`.
    case paymentIntentProcessing = "payment_intent.processing"
    /// `payment_intent.payment_failed`.
    case paymentIntentPaymentFailed = "payment_intent.payment_failed"
    /// `charge.refunded`.
    case chargeRefunded = "charge.refunded"
    /// `setup_intent.succeeded` (a method saved in a setup sheet).
    case setupIntentSucceeded = "setup_intent.succeeded"
    /// `charge.dispute.created`.
    case chargeDisputeCreated = "charge.dispute.created"
    /// `charge.dispute.updated` (evidence staged or submitted).
    case chargeDisputeUpdated = "charge.dispute.updated"
    /// `charge.dispute.closed` (won, lost, accepted, or an inquiry closed).
    case chargeDisputeClosed = "charge.dispute.closed"
    /// `charge.dispute.funds_withdrawn`.
    case chargeDisputeFundsWithdrawn = "charge.dispute.funds_withdrawn"
    /// `charge.dispute.funds_reinstated`.
    case chargeDisputeFundsReinstated = "charge.dispute.funds_reinstated"
    /// `application_fee.refunded` (a platform event: the fee is the platform's).
    case applicationFeeRefunded = "application_fee.refunded"
    /// `balance.available` (a connected account's balance changed; ``BalanceEventRecorder``).
    case balanceAvailable = "balance.available"

    /// The kind of object in the event's `data.object`.
    enum Object: Sendable {
        /// A Checkout Session.
        case checkoutSession
        /// A PaymentIntent.
        case paymentIntent
        /// A Charge.
        case charge
        /// A SetupIntent.
        case setupIntent
        /// A Dispute.
        case dispute
        /// An ApplicationFee.
        case applicationFee
        /// A Balance.
        case balance
    }

    /// What `data.object` holds for this type.
    var object: Object {
        switch self {
        case .checkoutSessionCompleted, .checkoutSessionAsyncPaymentSucceeded, .checkoutSessionAsyncPaymentFailed,
            .checkoutSessionExpired:
            .checkoutSession
        case .paymentIntentSucceeded, .paymentIntentProcessing, .paymentIntentPaymentFailed: .paymentIntent
        case .chargeRefunded: .charge
        case .setupIntentSucceeded: .setupIntent
        case .chargeDisputeCreated, .chargeDisputeUpdated, .chargeDisputeClosed, .chargeDisputeFundsWithdrawn,
            .chargeDisputeFundsReinstated:
            .dispute
        case .applicationFeeRefunded: .applicationFee
        case .balanceAvailable: .balance
        }
    }

    /// The routing key notifications re-publishes the event under: `stripe.<type>`.
    var routingKey: String { "stripe.\(rawValue)" }
}
