import Foundation
import Testing
@testable import OnboardingService

@Suite("Stripe account event parsing")
struct AccountEventPayloadTests {
    static let fixturesPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/stripe/fixtures3.json")

    /// Stripe's example account object wrapped in an `account.updated` event.
    static func exampleEvent() throws -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: fixturesPath.path),
            let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let resources = root["resources"] as? [String: Any],
            let account = resources["account"]
        else { return nil }
        let event: [String: Any] = [
            "id": "evt_1", "object": "event", "type": "account.updated",
            "created": 1_700_000_000, "account": "acct_1PgafTB7WZ01zgkW",
            "data": ["object": account, "previous_attributes": [:] as [String: Any]],
        ]
        return Array(try JSONSerialization.data(withJSONObject: event))
    }

    static var fixturesPresent: Bool { FileManager.default.fileExists(atPath: fixturesPath.path) }

    @Test(.enabled(if: fixturesPresent, "Stripe's fixtures3.json (../shared/stripe) is absent"))
    func parsesStripesExampleAccount() throws {
        let body = try #require(try Self.exampleEvent())
        let payload = try AccountEventPayload.parse(body)
        #expect(payload.type == "account.updated")
        #expect(payload.accountId == "acct_1PgafTB7WZ01zgkW")
        let snapshot = try #require(payload.snapshot)
        #expect(snapshot.observedAt == 1_700_000_000)
        #expect(!snapshot.detailsSubmitted && !snapshot.chargesEnabled && !snapshot.payoutsEnabled)
        #expect(snapshot.currentlyDue.contains("tos_acceptance.date"))
        #expect(snapshot.pastDue.isEmpty)
        #expect(snapshot.disabledReason == "requirements.past_due")
        #expect(OnboardingStatus.derive(from: snapshot) == .pending)
    }

    @Test func deauthorizationUsesTheEventsAccount() throws {
        let body = Array(
            #"{"id":"evt_2","type":"account.application.deauthorized","created":5,"account":"acct_9","data":{"object":{"id":"ca_1","object":"application","name":"Shop"}}}"#
                .utf8)
        let payload = try AccountEventPayload.parse(body)
        #expect(payload.accountId == "acct_9")
        #expect(payload.snapshot == nil)
        #expect(payload.created == 5)
    }

    @Test func everyConsumedTypeIsBoundAndKnown() throws {
        #expect(OnboardingService.stripeEvents.count == AccountEventType.allCases.count)
        for type in AccountEventType.allCases {
            #expect(OnboardingService.stripeEvents.contains("stripe.\(type.rawValue)"))
        }
        let person = Array(
            #"{"id":"evt_4","type":"person.updated","created":5,"account":"acct_9","data":{"object":{"id":"person_1","object":"person"}}}"#.utf8)
        #expect(try AccountEventPayload.parse(person).kind == .personUpdated)
        let other = Array(
            #"{"id":"evt_5","type":"transfer.created","created":5,"account":"acct_9","data":{"object":{"id":"tr_1","object":"transfer"}}}"#.utf8)
        #expect(try AccountEventPayload.parse(other).kind == nil)
    }

    @Test func namesTheMissingField() {
        #expect(throws: AccountEventPayload.ParseError(field: "created")) {
            try AccountEventPayload.parse(Array(#"{"id":"evt_3","type":"account.updated","data":{}}"#.utf8))
        }
        #expect(throws: AccountEventPayload.ParseError(field: "data.object.id")) {
            try AccountEventPayload.parse(
                Array(#"{"id":"evt_3","type":"account.updated","created":1,"data":{"object":{"charges_enabled":true}}}"#.utf8))
        }
        #expect(throws: AccountEventPayload.ParseError(field: "body")) {
            try AccountEventPayload.parse(Array("not json".utf8))
        }
    }
}
