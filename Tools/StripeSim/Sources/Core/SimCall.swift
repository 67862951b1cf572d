import HTTPServer

/// One API call as a handler sees it: parameters, path placeholders, the account it acts
/// for and access to the simulator's state. Used only while the state lock is held.
final class SimCall {
    let state: SimState
    let params: Params
    let pathParameters: [String: String]
    /// The `Stripe-Account` header, when the call acts for a connected account.
    let account: String?
    let requestId: String?
    let idempotencyKey: String?
    /// The request's `Stripe-Version` header, when sent.
    let stripeVersion: String?

    init(
        state: SimState, params: Params, pathParameters: [String: String], account: String?,
        requestId: String?, idempotencyKey: String?, stripeVersion: String?
    ) {
        self.state = state
        self.params = params
        self.pathParameters = pathParameters
        self.account = account
        self.requestId = requestId
        self.idempotencyKey = idempotencyKey
        self.stripeVersion = stripeVersion
    }

    /// `account` or ``SimState/platform``.
    var scope: String { account ?? SimState.platform }

    /// The path placeholder `name` (always present when the route matched).
    func id(_ name: String = "id") -> String { pathParameters[name] ?? "" }

    /// Stripe's answer to a delete: the deleted object `{id, object, deleted: true}` for the
    /// path's `id`, with `object` its type (`product`, `terminal.reader`, …).
    func deletedObject(_ object: String) -> JSONValue {
        ["id": .string(id()), "object": .string(object), "deleted": true]
    }

    /// Unix seconds.
    var now: Int { state.now }

    /// Records an event for `object` in this call's scope (see ``SimState/emit``).
    func emit(_ type: String, _ object: JSONValue, previous: JSONValue? = nil) {
        state.emit(
            type, object, scope: scope, previous: previous, requestId: requestId,
            idempotencyKey: idempotencyKey)
    }
}

/// A route's contract: which top-level parameters it takes and what it does.
struct Endpoint: Sendable {
    /// Accepted top-level parameters (`expand` is always accepted).
    let allowed: Set<String>
    /// When set, the accepted parameters of a request's API version (instead of ``allowed``).
    var allowedByVersion: (@Sendable (SimAPIVersion) -> Set<String>)?
    /// The handler, run under the state lock.
    let run: @Sendable (SimCall) throws(SimError) -> JSONValue

    init(_ allowed: Set<String>, _ run: @escaping @Sendable (SimCall) throws(SimError) -> JSONValue) {
        self.allowed = allowed
        self.allowedByVersion = nil
        self.run = run
    }
}
