import Foundation
import Messages
import StripeAPI

/// `connectbus stripe setup --url URL [--connect-url URL]`: creates or updates the two
/// webhook endpoints the suite needs at Stripe (https://docs.stripe.com/api/webhook_endpoints):
/// the platform's (`/webhooks/stripe`) and the Connect one (`connect=true`,
/// `/webhooks/stripe/connect`), each subscribed to ``ConsumedStripeEvents/types`` and created
/// with the client's pinned `api_version`. Idempotent: endpoints are found by URL, and a
/// second run changes nothing. New signing secrets are printed once and never stored.
public enum StripeVerb: Verb {
    /// `stripe`.
    public static let name = "stripe"
    /// One line for the verb list.
    public static let summary = "set up the Stripe webhook endpoints (platform and Connect) idempotently"
    /// Options that take a value.
    public static let options: Set<String> = ["url", "connect-url"]
    /// Options without value.
    public static let flags: Set<String> = ["allow-http", "recreate"]
    /// The help text.
    public static let help = """
        usage: connectbus stripe setup --url URL [--connect-url URL] [--allow-http] [--recreate]

        Creates or updates, at Stripe, the webhook endpoint of the platform (URL, served by
        notifications at /webhooks/stripe) and the Connect one (default URL + "/connect",
        served at /webhooks/stripe/connect; created with connect=true). Both get every event
        type the services consume and the API version the client pins (STRIPE_API_VERSION,
        else the built-in pin). Endpoints are matched by URL: a second run changes nothing
        and prints "up to date". A new endpoint's signing secret is printed once (Stripe
        shows it only on creation) with the variable to set; it is never stored.
          --url URL          the platform endpoint (https://, see below)
          --connect-url URL  the Connect endpoint (default URL/connect)
          --allow-http       accept an http:// URL (otherwise only a test key and a loopback host may)
          --recreate         delete and create again an endpoint whose api_version differs
                             from the pin (Stripe cannot change it; the new secret is printed)
        Uses STRIPE_API_KEY (a secret key, or a restricted key with write access to webhook
        endpoints) and STRIPE_API_BASE (default https://api.stripe.com).
        Exit status 1 when Stripe refuses the key, or an endpoint needs --recreate.
        """

    /// One endpoint to set up.
    struct Target {
        /// `platform` or `connect`.
        var label: String
        var url: String
        var connect: Bool
        /// The notifications variable that holds its secrets.
        var secretsVariable: String
    }

    /// Runs the verb; see ``help``.
    public static func run(_ arguments: ParsedArguments, environment: CLIEnvironment) throws -> Int32 {
        guard arguments.positionals == ["setup"] else { throw CLIError.usage("expected `stripe setup`", verb: name) }
        guard let url = arguments.value("url") else { throw CLIError.usage("--url is required", verb: name) }
        guard let key = environment.stripeAPIKey else {
            throw CLIError("STRIPE_API_KEY is not set", hint: "set it to the account's secret key (sk_…) or a restricted key (rk_…)")
        }
        let wanted = Self.targets(url: url, connectURL: arguments.value("connect-url"))
        for target in wanted {
            if let problem = WebhookURLCheck.problem(target.url, key: key, allowHTTP: arguments.has("allow-http")) {
                throw CLIError(problem, hint: "use the public https:// URL of notifications' webhook listener")
            }
        }
        let apiVersion = environment.stripeAPIVersion ?? StripeConfig.defaultAPIVersion
        let client = try makeClient(key: key, environment: environment, apiVersion: apiVersion)
        return try setUp(wanted, client: client, apiVersion: apiVersion, recreate: arguments.has("recreate"))
    }

    /// A client for `STRIPE_API_BASE` with `key` and the pinned `apiVersion`.
    /// - Throws: ``CLIError`` when the settings are invalid.
    static func makeClient(key: String, environment: CLIEnvironment, apiVersion: String) throws(CLIError) -> StripeClient {
        do {
            return try StripeClient(config: StripeConfig(apiKey: key, apiBase: environment.stripeServiceAPIBase, apiVersion: apiVersion))
        } catch {
            throw CLIError("cannot make a Stripe client: \(error.message)", hint: "check STRIPE_API_KEY and STRIPE_API_BASE")
        }
    }

    /// The platform and Connect targets for `url` and an optional Connect URL (default `url/connect`).
    static func targets(url: String, connectURL: String?) -> [Target] {
        let trimmed = url.hasSuffix("/") ? String(url.dropLast()) : url
        return [
            Target(label: "platform", url: url, connect: false, secretsVariable: "STRIPE_WEBHOOK_SECRETS"),
            Target(label: "connect", url: connectURL ?? trimmed + "/connect", connect: true, secretsVariable: "STRIPE_CONNECT_WEBHOOK_SECRETS"),
        ]
    }

    /// Lists the endpoints once and applies each target's plan; returns the exit status.
    static func setUp(_ targets: [Target], client: StripeClient, apiVersion: String, recreate: Bool) throws(CLIError) -> Int32 {
        let events = ConsumedStripeEvents.types
        let run = UUID().uuidString.lowercased()
        var status: Int32 = 0
        let existing = try refusing { () throws(StripeError) in try client.listAllWebhookEndpoints() }
        for target in targets {
            let prefix = "\(target.label): \(target.url):"
            let options = { (step: String) in RequestOptions(idempotencyKey: "connectbus-stripe-setup-\(run)-\(target.label)-\(step)") }
            switch WebhookEndpointPlan.decide(url: target.url, events: events, apiVersion: apiVersion, existing: existing) {
            case .upToDate(let id):
                Output.line("\(prefix) up to date (\(id), api_version \(apiVersion), \(events.count) event types)")
            case .update(let id, let added, let removed, let enable):
                _ = try refusing { () throws(StripeError) in
                    try client.updateWebhookEndpoint(
                        id, WebhookEndpointUpdateParams(url: target.url, enabledEvents: events, disabled: false), options: options("update"))
                }
                var changes: [String] = []
                if !added.isEmpty { changes.append("added \(added.joined(separator: ", "))") }
                if !removed.isEmpty { changes.append("removed \(removed.joined(separator: ", "))") }
                if enable { changes.append("enabled") }
                Output.line("\(prefix) updated \(id): \(changes.joined(separator: "; ")) (its secret is unchanged)")
            case .recreate(let id, let current):
                guard recreate else {
                    Output.line(
                        "\(prefix) \(id) has api_version \(current ?? "(account default)"), not the pinned \(apiVersion); "
                            + "Stripe cannot change it: run again with --recreate (a new secret will be printed)")
                    status = 1
                    continue
                }
                try refusing { () throws(StripeError) in try client.deleteWebhookEndpoint(id) }
                Output.line("\(prefix) deleted \(id) (api_version \(current ?? "(account default)"))")
                try create(target, events: events, apiVersion: apiVersion, client: client, options: options("create"))
            case .create:
                try create(target, events: events, apiVersion: apiVersion, client: client, options: options("create"))
            }
        }
        return status
    }

    /// Creates the endpoint and prints its secret once with the variable to set.
    private static func create(
        _ target: Target, events: [String], apiVersion: String, client: StripeClient, options: RequestOptions
    ) throws(CLIError) {
        let params = WebhookEndpointCreateParams(
            url: target.url, enabledEvents: events, connect: target.connect ? true : nil, apiVersion: apiVersion,
            description: target.connect ? "ConnectBus notifications (connected accounts)" : "ConnectBus notifications (platform)")
        let created = try refusing { () throws(StripeError) in try client.createWebhookEndpoint(params, options: options) }
        Output.line("\(target.label): \(target.url): created \(created.id) (api_version \(apiVersion), \(events.count) event types)")
        if let secret = created.secret {
            Output.line("  signing secret (shown once, not stored): \(secret)")
            Output.line("  set \(target.secretsVariable)=\(secret) on notifications (prepend it, comma-separated, to rotate)")
        }
    }

    /// Runs a Stripe call, turning a refused key (401 / 403, `authentication_error`,
    /// `permission_error`) and any other failure into a ``CLIError``.
    static func refusing<T>(_ call: () throws(StripeError) -> T) throws(CLIError) -> T {
        do {
            return try call()
        } catch {
            if error.kind == .authentication || error.kind == .permission || error.httpStatus == 401 || error.httpStatus == 403 {
                throw CLIError(
                    "Stripe refused the key (\(error.httpStatus.map(String.init) ?? "?")): \(error.message)",
                    hint: "use the secret key, or a restricted key with write access to Webhook Endpoints")
            }
            throw CLIError("Stripe: \(error.message)", hint: error.requestId.map { "request \($0)" } ?? "")
        }
    }
}
