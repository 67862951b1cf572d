import Foundation
import StripeSimCore
import TestKit
import Testing

/// Snapshot/restore, seeded ids and reset, through HTTP only.
@Suite("stripe-sim control plane: snapshot, seed, reset")
struct ControlPlaneSnapshotTests {
    private func customerIds(_ sim: SimTestClient, _ count: Int) async throws -> [String] {
        var ids: [String] = []
        for n in 0..<count { ids.append(try await sim.post("/v1/customers", [("email", "c\(n)@b.test")])["id"] ?? "") }
        return ids
    }

    @Test("the same seed gives the same ids; a snapshot file restores the world and its id sequence")
    func seedSnapshotRestore() async throws {
        let first = try SimTestClient(), second = try SimTestClient()
        #expect(try await first.control("POST", "/sim/reset", ["seed": "42"]).status == 200)
        _ = try await second.control("POST", "/sim/reset", ["seed": "42"])
        let ids = try await customerIds(first, 2)
        #expect(try await customerIds(second, 2) == ids)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stripe-sim-snapshot-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let written = try await first.control("POST", "/sim/snapshot", ["path": .string(path)])
        #expect(written.status == 200)
        #expect(FileManager.default.fileExists(atPath: path))
        let clockBefore = try await first.control("GET", "/sim/clock").json["now"]?.intValue ?? 0
        let next = try await customerIds(first, 1)
        #expect(try await first.control("POST", "/sim/restore", ["path": .string(path)]).status == 200)
        #expect(try await first.get("/v1/customers/\(next[0])").status == 404)
        #expect(try await first.get("/v1/customers/\(ids[1])")["email"] == "c1@b.test")
        #expect(try await first.control("GET", "/sim/objects/counts?type=customer").json.value(at: "accounts.platform.customer") == 2)
        #expect(try await customerIds(first, 1) == next)
        #expect(try await first.control("GET", "/sim/clock").json["now"]?.intValue ?? 0 >= clockBefore)

        let fresh = try SimTestClient()
        let document = try await first.control("GET", "/sim/snapshot")
        let restored = try await SimHTTP.send(
            "POST", fresh.base + "/sim/restore", headers: ["Content-Type": "application/json"],
            body: document.json.serialized())
        #expect(restored.status == 200)
        #expect(try await fresh.get("/v1/customers/\(ids[0])")["email"] == "c0@b.test")
        #expect(try await fresh.control("POST", "/sim/restore", ["format": "nope"]).status == 400)
    }

    @Test("reset of one account empties it and keeps the account; reset of everything empties the simulator")
    func resets() async throws {
        let sim = try SimTestClient()
        let account = try await sim.account()
        let other = try await sim.account()
        _ = try await sim.post("/v1/customers", [("email", "a@b.test")], account: account)
        _ = try await sim.post("/v1/customers", [("email", "b@b.test")], account: other)
        let reset = try await sim.control("POST", "/sim/reset", ["account": .string(account)])
        #expect(reset.status == 200)
        let counts = try await sim.control("GET", "/sim/objects/counts")
        #expect(counts.json.value(at: "accounts.\(account)") == nil)
        #expect(counts.json.value(at: "accounts.\(other).customer") == 1)
        #expect(try await sim.get("/v1/accounts/\(account)").status == 200)
        #expect(try await sim.control("POST", "/sim/reset", ["account": "acct_missing"]).status == 404)
        _ = try await sim.control("POST", "/sim/reset", ["account": .string(other), "delete_account": true])
        #expect(try await sim.get("/v1/accounts/\(other)").status == 404)
        _ = try await sim.control("POST", "/sim/reset")
        #expect(try await sim.control("GET", "/sim/objects/counts").json["total"] == 0)
        #expect(try await sim.get("/v1/accounts/\(account)").status == 404)
    }
}
