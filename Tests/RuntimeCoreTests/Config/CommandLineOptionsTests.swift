import Testing
@testable import RuntimeCore

@Suite("Command-line options")
struct CommandLineOptionsTests {
    @Test func parsesBothSpellings() throws {
        #expect(
            try CommandLineOptions.parse(["--queues", "a,b", "--workers=4"])
                == CommandLineOptions(queues: ["a", "b"], workers: 4))
        #expect(try CommandLineOptions.parse([]) == CommandLineOptions())
    }

    @Test func missingValuesAreReported() {
        do {
            _ = try CommandLineOptions.parse(["--queues", "--workers", "0"])
            Issue.record("expected a ConfigError")
        } catch {
            #expect(error.problems.map(\.variable) == ["--queues", "--workers"])
        }
    }
}
