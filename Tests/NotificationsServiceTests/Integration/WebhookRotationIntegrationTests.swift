import Foundation
import HTTPServer
import NotificationsService
import Runtime
import StripeAPI
import StripeSimCore
import Synchronization
import Testing
import TestKit

extension WebhookIngressIntegrationTests {
    /// The log lines a host writes, kept for the test.
    final class LogLines: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        var logger: Logger { Logger(service: "notifications", level: .info) { [self] line in lines.withLock { $0.append(line) } } }
    }

    @Test(
        "a secret roll that goes wrong is loud: a warning during the overlap, then rejections logged at most once a minute, /readyz degraded, counted per route"
    )
    func rotationGoneWrong() async throws {
        let log = LogLines()
        let started = Date()
        try await NotificationsTestBed.run(patterns: ["stripe.#"], log: log.logger) { bed in
            let sim = StripeSimulator()
            try sim.start()
            defer { sim.stop() }
            sim.clock.freeze()
            // The service knows only the endpoint's current secret (and a retired one).
            let endpoint = sim.addWebhookEndpoint(
                WebhookEndpointConfig(url: bed.baseURL + "/webhooks/stripe", secret: NotificationsTestBed.secret))
            let rotated = sim.handle(
                HTTPRequest(
                    method: "POST", path: "/sim/webhooks/endpoints/\(endpoint)/rotate_secret",
                    headers: ["content-type": "application/json"], body: Array(#"{"overlap_seconds":60}"#.utf8)))
            #expect(rotated.status == 200)
            let newSecret = try #require(
                (try JSONSerialization.jsonObject(with: Data(rotated.body)) as? [String: Any])?["secret"] as? String)
            let auth = ["authorization": "Bearer sk_test_notifications", "content-type": "application/x-www-form-urlencoded"]
            func customer() {
                _ = sim.handle(HTTPRequest(method: "POST", path: "/v1/customers", headers: auth, body: Array("email=r%40example.com".utf8)))
            }
            @Sendable func delivered(_ status: Int) -> Int { sim.webhookDeliveries.filter { $0.status == status }.count }

            // During the overlap Stripe signs with both secrets: accepted, with a warning.
            customer()
            #expect(try await eventually { delivered(200) == 1 })
            let overlap = try readiness(bed)
            #expect(overlap.status == "ready")
            #expect(overlap.platform?["status"] as? String == "ok")
            #expect((overlap.platform?["detail"] as? String)?.contains("also signed with a secret missing from STRIPE_WEBHOOK_SECRETS") == true)
            #expect(log.all.contains { $0.contains("Stripe also signs it with a secret missing from STRIPE_WEBHOOK_SECRETS") })

            // The overlap ends: only the new secret signs, and every delivery is refused.
            sim.advanceClock(bySeconds: 61)
            for _ in 0..<6 { customer() }
            #expect(try await eventually { delivered(400) == 6 })
            let after = try readiness(bed)
            #expect(after.httpStatus == 200)
            #expect(after.status == "degraded")
            #expect(after.platform?["status"] as? String == "degraded")
            #expect(
                after.platform?["detail"] as? String
                    == "6 of 7 deliveries in the last 300 s rejected (86%): no_matching_signature 6; 1 also signed with a secret"
                    + " missing from STRIPE_WEBHOOK_SECRETS (a secret roll: add the new secret; once the overlap ends every delivery is refused)")
            let metrics = String(decoding: try await onThread { try bed.get("/metrics") }.body, as: UTF8.self)
            #expect(metrics.contains(#"connectbus_webhook_events_rejected_total{endpoint="platform",reason="no_matching_signature"} 6"#))

            let rejected = log.all.filter { $0.contains("webhook rejected") && $0.contains(#""reason":"no_matching_signature""#) }
            // One line a minute per route and reason: the first, then one per minute of the run at most.
            let minutes = Int(Date().timeIntervalSince(started) / 60)
            #expect(!rejected.isEmpty && rejected.count <= 1 + minutes, "\(rejected.count) lines in \(minutes) min")
            let first = try #require(rejected.first)
            for field in [
                #""endpoint":"platform""#, #""status":"400""#, #""suppressed":"0""#, #""keys_variable":"STRIPE_WEBHOOK_SECRETS""#,
                #""keys_configured":"2""#,
            ] {
                #expect(first.contains(field), "\(field) in \(first)")
            }
            for secret in [NotificationsTestBed.secret, "whsec_retired", newSecret] {
                #expect(!log.all.contains { $0.contains(secret) }, "a secret in the log")
            }
        }
    }

    /// `/readyz`'s status code, `status` and the `webhooks.platform` check.
    private func readiness(_ bed: NotificationsTestBed) throws -> (httpStatus: Int, status: String?, platform: [String: Any]?) {
        let response = try bed.get("/readyz")
        let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        let checks = object?["checks"] as? [[String: Any]] ?? []
        return (response.status, object?["status"] as? String, checks.first { $0["name"] as? String == "webhooks.platform" })
    }
}
