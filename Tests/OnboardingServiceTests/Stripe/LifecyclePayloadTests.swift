import Testing
@testable import OnboardingService

/// `capability.updated` and the lifecycle parts of `account.updated` as the service reads them.
@Suite("Stripe lifecycle event parsing")
struct LifecyclePayloadTests {
    @Test func capabilityEventGivesNameStatusAndAccount() throws {
        let body =
            #"{"id":"evt_2","object":"event","type":"capability.updated","created":1700000100,"account":"acct_1X","data":{"object":{"id":"card_payments","object":"capability","account":"acct_1X","requested":true,"status":"active","requirements":{"currently_due":[]}},"previous_attributes":{"status":"pending"}}}"#
        let payload = try AccountEventPayload.parse(Array(body.utf8))
        #expect(payload.accountId == "acct_1X")
        #expect(payload.capability?.name == "card_payments")
        #expect(payload.capability?.status == "active")
        #expect(payload.snapshot == nil)
    }

    @Test func capabilityEventWithoutStatusNamesTheField() {
        let body = #"{"id":"evt_2","type":"capability.updated","created":1,"account":"acct_1X","data":{"object":{"id":"transfers"}}}"#
        #expect(throws: AccountEventPayload.ParseError(field: "data.object.status")) {
            try AccountEventPayload.parse(Array(body.utf8))
        }
    }

    @Test func accountUpdatedCarriesCapabilitiesAndFutureRequirements() throws {
        let body =
            #"{"id":"evt_3","type":"account.updated","created":1700000200,"data":{"object":{"id":"acct_1X","object":"account","capabilities":{"card_payments":"active","transfers":"pending"},"requirements":{"currently_due":[],"pending_verification":["individual.id_number"]},"future_requirements":{"currently_due":["individual.verification.document"],"eventually_due":["individual.verification.document","company.tax_id"],"current_deadline":1702592200}}}}"#
        let payload = try AccountEventPayload.parse(Array(body.utf8))
        let report = try #require(payload.report)
        #expect(report.capabilities == ["card_payments": "active", "transfers": "pending"])
        #expect(report.pendingVerification == ["individual.id_number"])
        #expect(report.futureDue == ["individual.verification.document", "company.tax_id"])
        #expect(report.futureDeadline == 1_702_592_200)
    }
}
