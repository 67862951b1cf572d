import Foundation
import StripeSimCore
import TestKit
import Testing

/// `--record-responses FILE`: every JSON answer of the API, one line each, for the schema check
/// (Tests/deployment/test_stripe_sim_openapi.py).
@Suite("stripe-sim: the response record")
struct ResponseRecorderTests {
    @Test("API answers (errors too) are recorded as JSON lines; pages and the control plane are not")
    func recordsAPIAnswers() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sim-record-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try SimulatorCommandLine.parse(["--record-responses", path]).config.responseRecordFile == path)
        var config = SimulatorConfig()
        config.responseRecordFile = path
        let sim = try SimTestClient(config: config)
        let customer = try await sim.post("/v1/customers", [("email", "a@b.test")])
        _ = try await sim.get("/v1/customers/cus_missing")
        _ = try await sim.control("GET", "/sim/clock")
        sim.simulator.stop()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { JSONValue.parse(Array($0.utf8)) }
        #expect(lines.count == 2)
        #expect(lines.first?["method"] == "POST" && lines.first?["path"] == "/v1/customers" && lines.first?["status"] == 200)
        #expect(lines.first?.value(at: "body.id") == customer.json["id"])
        #expect(lines.first?["stripe_version"] == "2026-11-18.endive")
        #expect(lines.last?["status"] == 404 && lines.last?.value(at: "body.error.code") == "resource_missing")
    }
}
