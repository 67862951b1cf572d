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
