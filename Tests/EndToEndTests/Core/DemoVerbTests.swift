import Foundation
import Testing
@testable import ConnectBusCLI

@Suite("demo verb")
struct DemoVerbTests {
    /// The checkout this test file belongs to.
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func findsTheScriptFromASubfolderOfTheCheckout() {
        let script = DemoVerb.findScript(from: Self.repo.appendingPathComponent("Tools/ConnectBusCLI/Sources").path)
        #expect(script == Self.repo.appendingPathComponent("scripts/demo.sh").standardizedFileURL.path)
    }

    @Test func findsNothingOutsideACheckout() {
        #expect(DemoVerb.findScript(from: "/proc") == nil)
    }

    @Test func refusesPositionalArguments() {
        #expect(ConnectBusCLI.run(["demo", "now"], environment: [:]) == 2)
    }
}
