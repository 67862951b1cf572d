import HTTPServer

/// `POST /sim/events/:id/resend`: a new delivery of a stored event (the control-plane
/// twin of `POST /v1/events/:id/retry`, which the Stripe CLI's `events resend` calls).
extension StripeSimulator {
    /// Resends event `id` (`account`: the connected account it belongs to, else the
    /// platform's) to `webhook_endpoint` or to every endpoint that would receive it; answers
    /// `{object: "sim.resend", event, type, account, endpoints: [{id, url}]}`.
    /// - Throws: ``ControlError`` with the status and message of ``SimState/resend(eventId:scope:endpointId:)``.
    func resendCall(_ id: String, _ args: ControlArguments) throws(ControlError) -> HTTPResponse {
        try args.requireOnly(["webhook_endpoint", "account"])
        return Self.ok(try resend(id, endpointId: try args.string("webhook_endpoint"), account: try args.string("account")))
    }

    /// Resends event `id` of `account` (nil: the platform's) to `endpointId` or to every
    /// endpoint that would receive it (the control plane's and the dashboard's resend).
    /// - Throws: ``ControlError`` with the status and message of ``SimState/resend(eventId:scope:endpointId:)``.
    func resend(_ id: String, endpointId: String?, account: String?) throws(ControlError) -> JSONValue {
        let outcome = locked { () -> Result<(JSONValue, [JSONValue], Handoff), SimError> in
            do throws(SimError) {
                let (event, targets) = try state.resend(eventId: id, scope: account ?? SimState.platform, endpointId: endpointId)
                let endpoints: [JSONValue] = targets.map { target in
                    ["id": .string(target), "url": .optional(state.endpoints.first { $0.id == target }?.config.url)]
                }
                return .success((event, endpoints, drainHandoff()))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let (event, endpoints, handoff)):
            deliver(handoff)
            return [
                "object": "sim.resend", "event": .optional(event["id"]?.stringValue), "type": .optional(event["type"]?.stringValue),
                "account": .optional(event["account"]?.stringValue), "endpoints": .array(endpoints),
            ]
        case .failure(let error):
            throw ControlError(error.message, param: error.param, code: error.code, status: error.status)
        }
    }
}
