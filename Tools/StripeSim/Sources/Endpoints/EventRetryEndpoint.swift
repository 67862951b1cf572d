import HTTPServer

/// `POST /v1/events/:id/retry`, the call behind the Stripe CLI's `stripe events resend`
/// (stripe-cli `pkg/cmd/resource/events_resend.go`: parameters `webhook_endpoint`,
/// `account`; `for_stripecli=true` when no endpoint is named): a new delivery of the event,
/// signed afresh, to `webhook_endpoint` or to every endpoint that would receive it. The
/// event is looked up in `account` (a connected account's event sent to Connect endpoints),
/// else in the `Stripe-Account` scope. Answers the event.
enum EventRetryEndpoint {
    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add(
            "POST", "/v1/events/:id/retry",
            Endpoint(["webhook_endpoint", "account", "for_stripecli"]) { call throws(SimError) in
                _ = try call.params.bool("for_stripecli")
                let scope = try call.params.string("account") ?? call.scope
                return try call.state.resend(eventId: call.id(), scope: scope, endpointId: call.params.string("webhook_endpoint")).event
            })
    }
}
