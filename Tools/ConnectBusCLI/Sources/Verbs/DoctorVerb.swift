import Foundation
import Messages
import StripeAPI

/// `connectbus doctor [--url URL] [--connect-url URL] [--definitions FILE]`: checks a
/// deployment and prints one line per check, `ok` or `fail` with the fix. Checks: the Stripe
/// key's mode against the webhook URLs; both webhook endpoints exist, are enabled, carry the
/// pinned `api_version` and every consumed event type (``ConsumedStripeEvents``); each
/// broker user has exactly the rights of the definitions file; each service schema is owned
/// by a role that owns nothing else; each service answers `/readyz`.
public enum DoctorVerb: Verb {
    /// `doctor`.
    public static let name = "doctor"
    /// One line for the verb list.
    public static let summary = "check a deployment: Stripe key and webhook endpoints, broker rights, database roles, services' /readyz"
    /// Options that take a value.
    public static let options: Set<String> = ["url", "connect-url", "definitions"]
    /// Options without value.
    public static let flags: Set<String> = []
    /// The help text.
    public static let help = """
        usage: connectbus doctor [--url URL] [--connect-url URL] [--definitions FILE]

        One line per check, "ok" or "fail" with the fix; exit 1 when any fails.
          stripe key        STRIPE_API_KEY is set, its mode (sk_test, sk_live, rk_test, rk_live)
          platform/connect  the endpoint exists (URL, else the one whose path ends in
                            /webhooks/stripe or /webhooks/stripe/connect), its URL suits the
                            key's mode (https:// unless a test key on a loopback host), it is
                            enabled, has the pinned api_version and every consumed event type
          broker <user>     the user exists and has exactly the rights (configure, write, read
                            per vhost and the topic rules) of the definitions file
                            (CONNECTBUS_MANAGEMENT_URL, an administrator)
          schema <name>     owned by a role that is no superuser, cannot create roles or
                            databases, owns no other schema, owns every table of its schema and
                            has no right on another service's tables (DATABASE_URL, the admin)
          <service>         /readyz answers 200 and not degraded (CONNECTBUS_SERVICE_URLS)
          --url URL          the platform endpoint to look for (default: found by path)
          --connect-url URL  the Connect endpoint (default URL/connect)
          --definitions FILE the broker definitions the deployment loads (default
                             docker/rabbitmq/definitions.json of $CONNECTBUS_REPO or the current folder)
        """

    /// One check's outcome.
    struct Check: Equatable {
        var name: String
        var ok: Bool
        var detail: String
        var fix: String = ""

        /// `ok   name: detail` or `fail name: detail (fix: …)`.
        var line: String {
            let head = (ok ? "ok   " : "fail ") + name.padding(toLength: max(18, name.count + 1), withPad: " ", startingAt: 0) + detail
            return ok || fix.isEmpty ? head : head + " (fix: \(fix))"
        }
    }

    /// Runs the verb; see ``help``.
    public static func run(_ arguments: ParsedArguments, environment: CLIEnvironment) throws -> Int32 {
        guard arguments.positionals.isEmpty else { throw CLIError.usage("doctor takes no arguments", verb: name) }
        var checks = stripeChecks(url: arguments.value("url"), connectURL: arguments.value("connect-url"), environment: environment)
        checks += brokerChecks(definitions: definitionsPath(arguments.value("definitions")), environment: environment)
        checks += databaseChecks(environment: environment)
        checks += serviceChecks(environment)
        for check in checks { Output.line(check.line) }
        return checks.allSatisfy(\.ok) ? 0 : 1
    }

    /// The key and webhook endpoint checks.
    static func stripeChecks(url: String?, connectURL: String?, environment: CLIEnvironment) -> [Check] {
        guard let key = environment.stripeAPIKey else {
            return [Check(name: "stripe key", ok: false, detail: "STRIPE_API_KEY is not set", fix: "set the platform's sk_… or rk_… key")]
        }
        let mode = ["sk_test_", "sk_live_", "rk_test_", "rk_live_"].first { key.hasPrefix($0) }.map { String($0.dropLast()) }
        guard let mode else {
            return [Check(name: "stripe key", ok: false, detail: "not a Stripe secret or restricted key", fix: "use an sk_… or rk_… key")]
        }
        var checks = [Check(name: "stripe key", ok: true, detail: "\(mode) (\(mode.hasSuffix("test") ? "test" : "live") mode)")]
        let apiVersion = environment.stripeAPIVersion ?? StripeConfig.defaultAPIVersion
        let existing: [WebhookEndpoint]
        do {
            let client = try StripeVerb.makeClient(key: key, environment: environment, apiVersion: apiVersion)
            existing = try StripeVerb.refusing { () throws(StripeError) in try client.listAllWebhookEndpoints() }
        } catch {
            checks.append(Check(name: "webhook endpoints", ok: false, detail: error.message, fix: error.hint))
            return checks
        }
        let setup = url.map { "connectbus stripe setup --url \($0)" } ?? "connectbus stripe setup --url https://<host>/webhooks/stripe"
        let wanted: [(label: String, url: String?, path: String)] = [
            ("platform", url, "/webhooks/stripe"),
            ("connect", url.map { StripeVerb.targets(url: $0, connectURL: connectURL)[1].url } ?? connectURL, "/webhooks/stripe/connect"),
        ]
        for target in wanted {
            let found = existing.first { endpoint in
                guard let endpointURL = endpoint.url else { return false }
                if let url = target.url { return endpointURL == url }
                return URLComponents(string: endpointURL)?.path == target.path
            }
            guard let found, let foundURL = found.url else {
                checks.append(Check(name: target.label, ok: false, detail: "no webhook endpoint \(target.url ?? "at …" + target.path)", fix: setup))
                continue
            }
            if let problem = WebhookURLCheck.problem(foundURL, key: key, allowHTTP: false) {
                checks.append(Check(name: target.label, ok: false, detail: problem, fix: "recreate it on an https:// URL"))
                continue
            }
            switch WebhookEndpointPlan.decide(url: foundURL, events: ConsumedStripeEvents.types, apiVersion: apiVersion, existing: [found]) {
            case .upToDate(let id):
                checks.append(
                    Check(
                        name: target.label, ok: true,
                        detail: "\(id) \(foundURL): enabled, \(apiVersion), \(ConsumedStripeEvents.types.count) event types"))
            case .update(let id, let added, let removed, let enable):
                var problems: [String] = []
                if enable { problems.append("disabled") }
                if !added.isEmpty { problems.append("missing \(added.joined(separator: ", "))") }
                if !removed.isEmpty { problems.append("extra \(removed.joined(separator: ", "))") }
                checks.append(Check(name: target.label, ok: false, detail: "\(id) \(foundURL): " + problems.joined(separator: "; "), fix: setup))
            case .recreate(let id, let current):
                checks.append(
                    Check(
                        name: target.label, ok: false, detail: "\(id) has api_version \(current ?? "(account default)"), not \(apiVersion)",
                        fix: setup + " --recreate"))
            case .create:
                checks.append(Check(name: target.label, ok: false, detail: "no webhook endpoint \(foundURL)", fix: setup))
            }
        }
        return checks
    }

    /// One check per service: `/readyz` 200 and not degraded.
    static func serviceChecks(_ environment: CLIEnvironment) -> [Check] {
        guard let http = try? HTTPGetter() else { return [Check(name: "services", ok: false, detail: "cannot start an HTTP client")] }
        return environment.serviceURLs.map { service in
            guard let readyz = try? http.get(service.url + "/readyz") else {
                return Check(
                    name: service.name, ok: false, detail: "\(service.url)/readyz does not answer", fix: "start it, or set CONNECTBUS_SERVICE_URLS")
            }
            let report = ReadinessReport.parse(readyz.body)
            let ok = readyz.status == 200 && report?.isDegraded != true
            let detail =
                "/readyz \(readyz.status) \(report?.status ?? "")"
                + (report?.problems.isEmpty == false ? ": " + (report?.problems.joined(separator: "; ") ?? "") : "")
            return Check(name: service.name, ok: ok, detail: detail, fix: ok ? "" : "connectbus status shows its checks; see its log")
        }
    }
}
