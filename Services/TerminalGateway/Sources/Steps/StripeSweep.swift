import Messages
import Runtime
import StripeAPI

/// Reconciliation against Stripe, not only against what the gateway saw: lists each selling
/// account's PaymentIntents at Stripe (`GET /v1/payment_intents` with `Stripe-Account`,
/// `created[gte]` = now − ``windowSeconds``, `limit=100`, paged with `starting_after`; Stripe's
/// list has no status filter, so the in-person, uncaptured ones are picked here) so that an
/// authorization the gateway never heard of (events lost, forwarded offline, created by the
/// app while the gateway was down) is captured or canceled before its two days run out.
///
/// For each PaymentIntent whose `payment_method_types` contains `card_present` or
/// `interac_present`:
/// - `requires_capture` and unknown to the gateway → returned in ``Found/unknown``, for the
///   run to adopt (``PaymentAdoption``) and reconcile like the others;
/// - `requires_capture` but recorded as not authorized yet (its events never arrived) → the
///   recorded payment is refreshed from Stripe (`expand[]=latest_charge`) so the run leases it;
/// - `requires_confirmation`, `requires_action` or `processing` and unknown → reported `left`:
///   nothing is authorized yet, the app retries on the same PaymentIntent (never a second one)
///   and the next run picks it up once it is;
/// - anything else (not paid yet, captured, canceled) is none of reconciliation's business.
/// A listing Stripe refuses for an account (e.g. a deauthorized one) is logged and that
/// account skipped; transient failures retry the whole run (nothing was done yet).
/// Thread-safety: stateless; runs on the worker's thread.
enum StripeSweep {
    /// How far back the listing reaches: an in-person authorization lasts two days, and one
    /// may be authorized some time after its PaymentIntent was created (offline forwarding).
    static let windowSeconds = 7 * 86_400
    /// The most PaymentIntents listed per account and run (ten pages of 100).
    static let maxListed = 1_000
    /// The statuses of an in-person PaymentIntent on its way to an authorization.
    static let pendingStatuses: Set<String> = ["requires_confirmation", "requires_action", "processing"]

    /// What the listing found.
    struct Found: Sendable {
        /// Authorized PaymentIntents unknown to the gateway, per account (`nil`: the platform).
        var unknown: [(account: String?, paymentIntents: [String])] = []
        /// Unknown in-person PaymentIntents not authorized yet: `left`, with the reason.
        var pending: [ReconciledPayment] = []
    }

    /// Lists every account in `accounts` at Stripe and refreshes lagging payments (see the type).
    /// - Throws: `HandlerError` (retry) for transient Stripe failures, `StoreError`.
    static func run(accounts: [String?], now: Int, payments: PaymentStore, context: HandlerContext) throws -> Found {
        var found = Found()
        for account in accounts {
            var created = FormParams()
            created.set("gte", now - windowSeconds)
            var filters = FormParams()
            filters.set("created", created)
            let params = ListParams(limit: 100, filters: filters)
            let listed = try context.stripe { client throws(StripeError) in
                try client.listAllPaymentIntents(params, options: RequestOptions(stripeAccount: account), maxItems: maxListed)
            }
            let intents: [PaymentIntent]
            switch listed {
            case .success(let value): intents = value
            case .failure(let error):
                context.log.warning(
                    "listing payment intents at Stripe failed; account skipped this run",
                    ["account": account ?? "platform", "code": error.stableCode])
                continue
            }
            var unknown: [String] = []
            for pi in intents where !PaymentAdoption.inPersonTypes.isDisjoint(with: pi.paymentMethodTypes ?? []) {
                let status = pi.status?.rawValue ?? ""
                let recorded = try payments.find(paymentIntent: pi.id, on: context.db)
                if status == "requires_capture" {
                    if let recorded {
                        try refresh(recorded, now: now, payments: payments, context: context)
                    } else {
                        unknown.append(pi.id)
                    }
                } else if recorded == nil, pendingStatuses.contains(status) {
                    found.pending.append(
                        ReconciledPayment(
                            paymentIntent: pi.id, orderReference: pi.metadata?["order_reference"], action: .left,
                            reason: "not authorized at Stripe yet (\(status)): retried on the same PaymentIntent"))
                }
            }
            if !unknown.isEmpty { found.unknown.append((account, unknown)) }
        }
        return found
    }

    /// A recorded payment Stripe holds authorized while the gateway thinks it is not (its
    /// events were lost): fetched and applied (autocommit), so the run leases it.
    private static func refresh(_ recorded: TerminalPayment, now: Int, payments: PaymentStore, context: HandlerContext) throws {
        guard [.requiresPaymentMethod, .processing].contains(recorded.state) else { return }
        guard
            case .success(let snapshot) = try PaymentIntentFetch.snapshot(
                recorded.paymentIntent, account: recorded.account, observedAt: now, context: context)
        else { return }
        let next = TerminalPaymentMachine.apply(.snapshot(snapshot, captureKey: nil), to: recorded).payment
        if next != recorded { try payments.update(next, on: context.db) }
    }
}
