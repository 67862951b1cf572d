import Foundation
import StripeSimCore
import TestKit
import Testing

/// `refund_application_fee` on refunds of direct charges: the platform's fee refunded in
/// proportion, `application_fee.refunded` on the platform. HTTP only.
@Suite("stripe-sim: application fee refunds")
struct ApplicationFeeRefundTests {
    @Test("a partial refund returns the fee in proportion, the rest of the charge the rest of the fee; without the flag the fee stays")
    func proportional() async throws {
        let sim = try SimTestClient()
        let account = try await sim.account()
        let pi = try await sim.post(
            "/v1/payment_intents",
            [("amount", "10000"), ("currency", "usd"), ("payment_method", "pm_card_visa"), ("confirm", "true"), ("application_fee_amount", "1000")],
            account: account)
        let charge = try await sim.get("/v1/charges/\(pi["latest_charge"] ?? "")", account: account)
        let fee = charge["application_fee"] ?? ""
        _ = try await sim.post("/v1/refunds", [("payment_intent", pi["id"] ?? ""), ("amount", "1000")], account: account)
        #expect(try await sim.get("/v1/application_fees/\(fee)").json["amount_refunded"]?.intValue == 0)
        _ = try await sim.post(
            "/v1/refunds", [("payment_intent", pi["id"] ?? ""), ("amount", "2500"), ("refund_application_fee", "true")], account: account)
        let quarter = try await sim.get("/v1/application_fees/\(fee)")
        #expect(quarter.json["amount_refunded"]?.intValue == 250)
        #expect(quarter.json.value(at: "refunds.data")?.arrayValue?.first?["object"]?.stringValue == "fee_refund")
        _ = try await sim.post("/v1/refunds", [("payment_intent", pi["id"] ?? ""), ("refund_application_fee", "true")], account: account)
        let all = try await sim.get("/v1/application_fees/\(fee)")
        #expect(all.json["amount_refunded"]?.intValue == 1000 && all.json["refunded"] == .bool(true))
        let events = try await sim.get("/v1/events", [("type", "application_fee.refunded")])
        #expect(events.json["data"]?.arrayValue?.count == 2)
        #expect(events.json["data"]?.arrayValue?.first?["account"] == nil)
    }
}
