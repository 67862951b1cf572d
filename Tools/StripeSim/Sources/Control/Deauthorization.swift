import HTTPServer

/// A test helper for a seller who disconnects the platform from their Stripe Dashboard:
/// Stripe then sends `account.application.deauthorized` to the platform's Connect endpoint,
/// with the connected account as the event's `account` and the platform's application
/// (`{id: "ca_…", object: "application", name}`) as `data.object`
/// (https://docs.stripe.com/connect/webhooks).
///
/// Control plane: `POST /sim/accounts/<id>/deauthorize`. In Swift:
/// ``StripeSimulator/deauthorize(account:)``.
extension StripeSimulator {
    /// The platform's Connect application as deauthorization events show it, with the
    /// configured client id (``SimulatorConfig/connectClientId``).
    var platformApplication: JSONValue {
        ["id": .string(config.connectClientId), "object": "application", "name": "ConnectBus platform (stripe-sim)"]
    }

    /// Emits `account.application.deauthorized` for the connected account `id` (delivered to
    /// the Connect webhook endpoints). Returns the application object, or nil for an unknown account.
    @discardableResult
    public func deauthorize(account id: String) -> JSONValue? {
        let (application, handoff) = locked { () -> (JSONValue?, Handoff) in
            guard let account = state.get(id, scope: SimState.platform), account["object"] == "account" else { return (nil, Handoff()) }
            state.emit("account.application.deauthorized", platformApplication, scope: id)
            return (platformApplication, drainHandoff())
        }
        deliver(handoff)
        return application
    }

    /// `POST /sim/accounts/<id>/deauthorize`.
    func deauthorizeCall(_ id: String, _ args: ControlArguments) throws(ControlError) -> HTTPResponse {
        try args.requireOnly([])
        guard let application = deauthorize(account: id) else { throw ControlError("No such account: '\(id)'", status: 404) }
        return Self.ok(application)
    }
}
