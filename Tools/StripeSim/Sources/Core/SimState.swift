import Foundation

/// The simulator's memory: every object with the account it belongs to, events,
/// idempotent results and counters.
///
/// Not thread-safe (hence `@unchecked Sendable`): ``StripeSimulator`` guards it with one lock; handlers and delayed
/// jobs run only while holding it.
final class SimState: @unchecked Sendable {
    /// Scope of objects that belong to the platform itself (no `Stripe-Account`).
    static let platform = "platform"
    /// Idempotency keys are kept 24 hours (https://docs.stripe.com/api/idempotent_requests).
    static let idempotencyKeyLifetime = 86_400
    /// Events are listed and retrieved for 30 days (https://docs.stripe.com/api/events).
    static let eventRetention = 30 * 86_400

    struct Stored {
        var scope: String
        var type: String
        var sequence: Int
        var value: JSONValue
    }

    /// One idempotent result, keyed by scope + key.
    struct IdempotentResult {
        var method: String
        var path: String
        var fingerprint: [UInt8]
        var status: Int
        var body: [UInt8]
        /// When the key was first used (Unix seconds): keys expire after 24 hours.
        var created: Int
        /// The `Request-Id` of the request that saved this result (a replay's `Original-Request`).
        var requestId: String
    }

    /// Work due at a simulated instant (delayed payment outcomes), run by the simulator's
    /// scheduler once its clock reaches `due`. Plain data, so a snapshot keeps it.
    struct ScheduledJob: Equatable {
        /// Simulated Unix time in seconds.
        var due: Double
        var kind: Kind

        enum Kind: Equatable {
            /// A processing (SEPA) PaymentIntent of `scope` succeeds or fails.
            case settle(scope: String, paymentIntent: String, succeed: Bool)
            /// A captured charge of `scope` paid with a dispute test card is disputed.
            case openDispute(scope: String, charge: String)
            /// A dispute of `scope` whose evidence was submitted is decided (`won` or lost).
            case resolveDispute(scope: String, dispute: String, won: Bool)
            /// A connected account's payout schedule comes round (each UTC midnight): its
            /// available balance is paid out when the schedule says so (``PayoutMachine``).
            case payoutSchedule(scope: String)
            /// A payout of `scope` reaches its `arrival_date`: paid, or failed by a test bank account.
            case payoutArrival(scope: String, payout: String)
            /// Pending funds of `scope` became available: `balance.available` if the balance moved.
            case balanceCheck(scope: String)

            /// The account (or the platform) the job acts on.
            var scope: String {
                switch self {
                case .settle(let scope, _, _), .openDispute(let scope, _), .resolveDispute(let scope, _, _), .payoutSchedule(let scope),
                    .payoutArrival(let scope, _), .balanceCheck(let scope):
                    scope
                }
            }
        }
    }

    /// A webhook endpoint with its secret (the secret is returned only on creation).
    struct Endpoint {
        var id: String
        var config: WebhookEndpointConfig
        /// The secret before the last rotation, still signing until `previousSecretExpiresAt`.
        var previousSecret: String?
        /// Unix seconds after which `previousSecret` no longer signs.
        var previousSecretExpiresAt: Int?
        /// Set by `POST /v1/webhook_endpoints/:id` with `disabled=true`: no deliveries.
        var disabled = false

        /// The secrets that sign a delivery at `now`: the current one, then the rotated-out
        /// one during its overlap (Stripe sends one `v1` signature per secret).
        func signingSecrets(now: Int) -> [String] {
            guard let previousSecret, let expiry = previousSecretExpiresAt, now < expiry else { return [config.secret] }
            return [config.secret, previousSecret]
        }
    }

    let apiVersion: String
    /// The signing secret of `connectbus sim listen`'s endpoints: made at the first listen
    /// and kept for the process (a reset keeps it), so the printed `whsec_…` stays the same
    /// from one listen to the next, as the Stripe CLI's does.
    var listenSecret: String?
    var baseURL: String = "http://127.0.0.1"
    var accountLinkLifetime: Int
    var asyncPaymentDelay: Double
    /// Seconds a reader action waits for a card (0: forever).
    var readerConfirmWindow: Int
    /// The one time source (shared with the webhook dispatcher and the scheduler).
    let clock: SimClock
    /// The source of object ids (seeded for deterministic ids).
    let ids: IDGenerator
    var objects: [String: Stored] = [:]
    /// Object ids by `"<scope> <type>"`, kept by ``insert(_:scope:)`` and ``remove(_:)`` and
    /// rebuilt by ``rebuildIndex()`` after ``objects`` is replaced as a whole (restore, reset);
    /// an id removed another way is skipped when read. Read by ``values(type:scope:)``.
    private var index: [String: Set<String>] = [:]
    var sequence = 0
    var createdCounts: [String: Int] = [:]
    var idempotency: [String: IdempotentResult] = [:]
    var endpoints: [Endpoint] = []
    /// Hidden string facts about objects (a PaymentMethod's test behaviour, a PaymentIntent's
    /// Checkout Session), by `"<kind>:<id>"`; never rendered.
    var secrets: [String: String] = [:]
    /// Hidden JSON facts about objects (a Checkout Session's `payment_intent_data`, its line items).
    var attachments: [String: JSONValue] = [:]
    /// Events emitted since the last drain, for webhook delivery.
    var pendingEvents: [JSONValue] = []
    /// Stored events asked to be delivered again (``resend(eventId:scope:endpointId:)``),
    /// each to its endpoints, since the last drain.
    var pendingResends: [(event: JSONValue, endpointIds: [String])] = []
    /// Work due later (delayed payment outcomes), run by the simulator's scheduler.
    var scheduled: [ScheduledJob] = [] { didSet { scheduledChanged = true } }
    /// Set when ``scheduled`` changed since the last drain (the scheduler is woken).
    var scheduledChanged = false
    /// Per event id, the endpoints that have not yet answered a delivery with 2xx
    /// (Stripe's `pending_webhooks`; `delivery_success` filters on it).
    var undelivered: [String: Set<String>] = [:]

    init(config: SimulatorConfig, clock: SimClock, ids: IDGenerator) {
        apiVersion = config.apiVersion
        accountLinkLifetime = config.accountLinkLifetimeSeconds
        asyncPaymentDelay = config.asyncPaymentDelaySeconds
        readerConfirmWindow = config.readerConfirmWindowSeconds
        self.clock = clock
        self.ids = ids
    }

    /// Unix time in seconds, from the simulator's clock.
    var now: Int { clock.seconds }

    /// Schedules `kind` to run `delay` simulated seconds from now.
    func schedule(after delay: Double, _ kind: ScheduledJob.Kind) {
        scheduled.append(ScheduledJob(due: clock.now + delay, kind: kind))
    }

    /// Schedules `kind` at the simulated instant `due` (Unix seconds) unless the same job is
    /// already due then.
    func schedule(at due: Double, _ kind: ScheduledJob.Kind) {
        let job = ScheduledJob(due: due, kind: kind)
        if !scheduled.contains(job) { scheduled.append(job) }
    }

    /// Stores a new object (its `id` and `object` members must be set) and counts it.
    func insert(_ value: JSONValue, scope: String) {
        guard let id = value["id"]?.stringValue, let type = value["object"]?.stringValue else { return }
        sequence += 1
        objects[id] = Stored(scope: scope, type: type, sequence: sequence, value: value)
        index["\(scope) \(type)", default: []].insert(id)
        createdCounts[type, default: 0] += 1
    }

    /// The object `id` if it exists in `scope`.
    func get(_ id: String, scope: String) -> JSONValue? {
        guard let stored = objects[id], stored.scope == scope else { return nil }
        return stored.value
    }

    /// The object `id` of type `type` in `scope`, or 404 `resource_missing` naming `noun`.
    func require(_ id: String, type: String, scope: String, noun: String? = nil, param: String = "id") throws(SimError) -> JSONValue {
        guard let stored = objects[id], stored.scope == scope, stored.type == type else {
            throw SimError.missingResource(noun ?? type, id, param: param)
        }
        return stored.value
    }

    /// The object `id` in any scope, with its scope (for hosted pages, which carry no key).
    func lookup(_ id: String) -> (scope: String, value: JSONValue)? {
        objects[id].map { ($0.scope, $0.value) }
    }

    /// Replaces a stored object's value (keeps its scope and position).
    func replace(_ value: JSONValue) {
        guard let id = value["id"]?.stringValue else { return }
        objects[id]?.value = value
    }

    /// Removes an object.
    func remove(_ id: String) {
        if let stored = objects[id] { index["\(stored.scope) \(stored.type)"]?.remove(id) }
        objects[id] = nil
    }

    /// Rebuilds the scope and type index from ``objects`` (after replacing it as a whole).
    func rebuildIndex() {
        index = [:]
        for (id, stored) in objects { index["\(stored.scope) \(stored.type)", default: []].insert(id) }
    }

    /// Objects of `type` in `scope`, in no particular order: an index lookup, as cheap with a
    /// million objects stored as with ten (for sums such as ``SimBalance``, which run on every
    /// money-moving call).
    func values(type: String, scope: String) -> [JSONValue] {
        (index["\(scope) \(type)"] ?? []).compactMap { id in
            guard let stored = objects[id], stored.scope == scope, stored.type == type else { return nil }
            return stored.value
        }
    }

    /// Objects of `type` in `scope`, newest first.
    func list(type: String, scope: String, where predicate: (JSONValue) -> Bool = { _ in true }) -> [JSONValue] {
        objects.values
            .filter { $0.type == type && $0.scope == scope && predicate($0.value) }
            .sorted { $0.sequence > $1.sequence }
            .map(\.value)
    }

    /// Records a successful delivery of `eventId` to `endpointId`: the event's
    /// `pending_webhooks` counts the endpoints still waiting.
    func markDelivered(eventId: String, endpointId: String) {
        guard var waiting = undelivered[eventId], waiting.remove(endpointId) != nil else { return }
        undelivered[eventId] = waiting.isEmpty ? nil : waiting
        if var event = objects[eventId]?.value {
            event["pending_webhooks"] = .int(waiting.count)
            objects[eventId]?.value = event
        }
    }

    /// Counts objects of `type` ever created, across every scope.
    func count(type: String) -> Int { createdCounts[type, default: 0] }
}
