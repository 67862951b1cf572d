import Store
import Testing

@Suite struct SQLIdentifierTests {
    @Test(arguments: ["payments", "_x", "a1_b2", String(repeating: "a", count: 63)])
    func acceptsValidNames(_ name: String) throws {
        let identifier = try SQLIdentifier(name)
        #expect(identifier.quoted == "\"\(name)\"")
    }

    @Test(arguments: [
        "", "Payments", "1abc", "a-b", "a b", "a\"; DROP SCHEMA x; --", "é", "a.b",
        String(repeating: "a", count: 64),
    ])
    func rejectsInvalidNames(_ name: String) {
        do {
            _ = try SQLIdentifier(name)
            Issue.record("accepted \(name)")
        } catch {
            #expect(error.code == "store.invalid_identifier")
        }
    }
}
