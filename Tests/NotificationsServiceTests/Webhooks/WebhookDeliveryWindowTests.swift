import Foundation
import Testing

@testable import NotificationsService
import Runtime

@Suite("WebhookDeliveryWindow")
struct WebhookDeliveryWindowTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("every delivery rejected after a rotation: the route is degraded, with the count, share and reason")
    func mostRejectedIsDegraded() {
        let window = WebhookDeliveryWindow(span: 300, minimumDeliveries: 5)
        for second in 0..<3 { window.record(.platform, rejected: nil, at: start.addingTimeInterval(Double(second))) }
        for second in 3..<15 {
            window.record(.platform, rejected: "no_matching_signature", at: start.addingTimeInterval(Double(second)))
        }
        let checks = window.readinessChecks(at: start.addingTimeInterval(20))
        let platform = checks.first { $0.name == "webhooks.platform" }
        #expect(platform?.degraded == true)
        #expect(platform?.detail == "12 of 15 deliveries in the last 300 s rejected (80%): no_matching_signature 12")
        let connect = checks.first { $0.name == "webhooks.connect" }
        #expect(connect?.degraded == false)
        #expect(connect?.detail == "no deliveries in the last 300 s")
    }

    @Test("a few rejections, or fewer deliveries than the minimum, are not degraded")
    func notDegraded() {
        let window = WebhookDeliveryWindow(span: 300, minimumDeliveries: 5)
        for _ in 0..<4 { window.record(.connect, rejected: "no_matching_signature", at: start) }
        #expect(window.readinessChecks(at: start).first { $0.name == "webhooks.connect" }?.degraded == false)
        for _ in 0..<10 { window.record(.platform, rejected: nil, at: start) }
        for _ in 0..<3 { window.record(.platform, rejected: "stale_timestamp", at: start) }
        let platform = window.readinessChecks(at: start).first { $0.name == "webhooks.platform" }
        #expect(platform?.degraded == false)
        #expect(platform?.detail == "3 of 13 deliveries in the last 300 s rejected (23%): stale_timestamp 3")
    }

    @Test("deliveries older than the window are forgotten, so a fixed route recovers")
    func oldDeliveriesExpire() {
        let window = WebhookDeliveryWindow(span: 300, minimumDeliveries: 5)
        for _ in 0..<20 { window.record(.platform, rejected: "no_matching_signature", at: start) }
        #expect(window.summary(.platform, at: start.addingTimeInterval(299)).deliveries == 20)
        #expect(window.summary(.platform, at: start.addingTimeInterval(300)).deliveries == 0)
        // A bucket reused a whole window later starts again from zero.
        window.record(.platform, rejected: nil, at: start.addingTimeInterval(600))
        let later = window.summary(.platform, at: start.addingTimeInterval(600))
        #expect(later.deliveries == 1 && later.rejectedCount == 0)
    }

    @Test("deliveries also signed with a secret that is not configured are named in the detail")
    func unconfiguredSecret() {
        let window = WebhookDeliveryWindow()
        for _ in 0..<6 { window.record(.platform, rejected: nil, unconfiguredSecret: true, at: start) }
        let platform = window.readinessChecks(at: start).first { $0.name == "webhooks.platform" }
        #expect(platform?.degraded == false)
        #expect(
            platform?.detail
                == "6 deliveries in the last 300 s, none rejected; 6 also signed with a secret missing from STRIPE_WEBHOOK_SECRETS"
                + " (a secret roll: add the new secret; once the overlap ends every delivery is refused)")
    }
}
