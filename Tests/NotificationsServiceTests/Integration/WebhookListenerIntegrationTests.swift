import Foundation
import HTTPServer
import Messages
import NotificationsService
import Runtime
import StripeAPI
import Testing
import TestKit

/// The webhooks' own listener (`WEBHOOK_PORT`): the webhook routes there and only there,
/// the operator endpoints only on the operator listener, and the source allowlist.
@Suite("Webhook listener (integration)", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct WebhookListenerIntegrationTests {
    @Test("webhooks are served on their own listener, which serves nothing else; the operator listener serves no webhook")
    func split() async throws {
        try await NotificationsTestBed.run(patterns: ["stripe.#"], listener: WebhookListenerSettings(port: 0)) { bed in
            let webhookPort = try #require(bed.host?.publicPort)
            #expect(webhookPort != bed.host?.httpPort)
            let event = NotificationsTestBed.event()
            let accepted = try await onThread {
                try bed.post("/webhooks/stripe", event.body, headers: NotificationsTestBed.signed(event.body))
            }
            #expect(accepted.status == 200)
            #expect(try await onThread { try bed.monitor.wait(count: 1) { $0.messageId == "stripe:" + event.id } }.count == 1)

            let operatorWebhook = try await onThread { () throws -> StripeHTTPResponse in
                let other = NotificationsTestBed.event()
                let transport = try CurlTransport(connectTimeout: .seconds(5), timeout: .seconds(30))
                return try transport.perform(
                    StripeHTTPRequest(
                        method: .post, url: bed.baseURL + "/webhooks/stripe",
                        headers: NotificationsTestBed.signed(other.body), body: other.body),
                    whileWaiting: nil)
            }
            #expect(operatorWebhook.status == 404)
            for path in ["/metrics", "/readyz", "/healthz"] {
                let exposed = try await onThread { () throws -> StripeHTTPResponse in
                    let transport = try CurlTransport(connectTimeout: .seconds(5), timeout: .seconds(30))
                    return try transport.perform(
                        StripeHTTPRequest(method: .get, url: bed.webhookBaseURL + path, headers: [], body: []),
                        whileWaiting: nil)
                }
                #expect(exposed.status == 404, "\(path) on the webhook listener")
            }
            #expect(try await onThread { try bed.get("/readyz") }.status == 200)
            #expect(try await onThread { try bed.get("/metrics") }.status == 200)
        }
    }

    @Test("a source outside WEBHOOK_ALLOWED_SOURCES is closed unread, counted, and nothing is stored")
    func allowlist() async throws {
        let outsideLoopback = try HTTPSourceAllowlist(parsing: "3.18.12.63/32,10.0.0.0/8")
        try await NotificationsTestBed.run(
            patterns: ["stripe.#"], listener: WebhookListenerSettings(port: 0, allowedSources: outsideLoopback)
        ) { bed in
            let event = NotificationsTestBed.event()
            await #expect(throws: StripeTransportError.self) {
                _ = try await onThread {
                    try bed.post("/webhooks/stripe", event.body, headers: NotificationsTestBed.signed(event.body))
                }
            }
            #expect(try bed.storedEvents(event.id) == 0)
            let metrics = String(decoding: try await onThread { try bed.get("/metrics") }.body, as: UTF8.self)
            #expect(metrics.contains(#"connectbus_http_source_refused_total{listener="webhooks"} 1"#))
        }
    }
}
