public import StripeAPI

/// What `connectbus stripe setup` does to one webhook endpoint, decided from the account's
/// existing endpoints (matched by URL) and the wanted configuration. A plain value; thread-safe.
public enum WebhookEndpointPlan: Equatable, Sendable {
    /// No endpoint has the URL: create it (with `api_version` and `connect`).
    case create
    /// It exists and matches: nothing to do.
    case upToDate(id: String)
    /// It exists with other event types or disabled: `POST /v1/webhook_endpoints/{id}`.
    case update(id: String, added: [String], removed: [String], enable: Bool)
    /// It exists with another `api_version`, which Stripe cannot change on update: the
    /// endpoint must be deleted and created again (`--recreate`).
    case recreate(id: String, current: String?)

    /// The plan for an endpoint at `url` with `events` and `apiVersion`, given `existing`.
    public static func decide(url: String, events: [String], apiVersion: String, existing: [WebhookEndpoint]) -> WebhookEndpointPlan {
        guard let found = existing.first(where: { $0.url == url }) else { return .create }
        if found.apiVersion != apiVersion { return .recreate(id: found.id, current: found.apiVersion) }
        let have = Set(found.enabledEvents ?? []), want = Set(events)
        let added = want.subtracting(have).sorted(), removed = have.subtracting(want).sorted()
        let enable = found.status == "disabled"
        if added.isEmpty && removed.isEmpty && !enable { return .upToDate(id: found.id) }
        return .update(id: found.id, added: added, removed: removed, enable: enable)
    }
}
