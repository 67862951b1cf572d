import Foundation

/// The simulator's memory: every object with the account it belongs to, events,
/// idempotent results and counters.
///
/// Not thread-safe: ``StripeSimulator`` guards it with one lock; handlers and delayed
/// jobs run only while holding it.
final class SimState {
    /// Scope of objects that belong to the platform itself (no `Stripe-Account`).
    static let platform = "platform"

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
    }

    /// A webhook endpoint with its secret (the secret is returned only on creation).
    struct Endpoint {
        var id: String
        var config: WebhookEndpointConfig
    }

    let apiVersion: String
    var baseURL: String = "http://127.0.0.1"
    var accountLinkLifetime: Int
    var asyncPaymentDelay: Double
    var clockOffset: Int = 0
    private var objects: [String: Stored] = [:]
    private var sequence = 0
    private(set) var createdCounts: [String: Int] = [:]
    var idempotency: [String: IdempotentResult] = [:]
    var endpoints: [Endpoint] = []
    /// Hidden string facts about objects (a PaymentMethod's test behaviour, a PaymentIntent's
    /// Checkout Session), by `"<kind>:<id>"`; never rendered.
    var secrets: [String: String] = [:]
    /// Hidden JSON facts about objects (a Checkout Session's `payment_intent_data`, its line items).
    var attachments: [String: JSONValue] = [:]
    /// Events emitted since the last drain, for webhook delivery.
    var pendingEvents: [JSONValue] = []
    /// Jobs to run later (delayed payment outcomes), drained by the simulator.
    var scheduled: [(delay: Double, job: @Sendable (SimState) -> Void)] = []

    init(config: SimulatorConfig) {
        apiVersion = config.apiVersion
        accountLinkLifetime = config.accountLinkLifetimeSeconds
        asyncPaymentDelay = config.asyncPaymentDelaySeconds
    }

    /// Unix time in seconds, shifted by ``clockOffset``.
    var now: Int { Int(Date().timeIntervalSince1970) + clockOffset }

    /// Stores a new object (its `id` and `object` members must be set) and counts it.
    func insert(_ value: JSONValue, scope: String) {
        guard let id = value["id"]?.stringValue, let type = value["object"]?.stringValue else { return }
        sequence += 1
        objects[id] = Stored(scope: scope, type: type, sequence: sequence, value: value)
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
    func remove(_ id: String) { objects[id] = nil }

    /// Objects of `type` in `scope`, newest first.
    func list(type: String, scope: String, where predicate: (JSONValue) -> Bool = { _ in true }) -> [JSONValue] {
        objects.values
            .filter { $0.type == type && $0.scope == scope && predicate($0.value) }
            .sorted { $0.sequence > $1.sequence }
            .map(\.value)
    }

    /// Counts objects of `type` ever created, across every scope.
    func count(type: String) -> Int { createdCounts[type, default: 0] }
}
