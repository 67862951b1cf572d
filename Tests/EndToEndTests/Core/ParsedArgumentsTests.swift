import Testing
@testable import ConnectBusCLI

@Suite("Argument parsing")
struct ParsedArgumentsTests {
    let options: Set<String> = ["json", "account", "timeout"]
    let flags: Set<String> = ["yes"]

    @Test func splitsPositionalsOptionsAndFlags() throws {
        let parsed = try ParsedArguments(
            ["payments.refund", "--json", "{}", "--account=acct_1", "--yes", "--", "--not-an-option"],
            verb: "send", options: options, flags: flags)
        #expect(parsed.positionals == ["payments.refund", "--not-an-option"])
        #expect(parsed.value("json") == "{}")
        #expect(parsed.value("account") == "acct_1")
        #expect(parsed.has("yes"))
        #expect(!parsed.has("help"))
    }

    @Test func repeatedOptionsKeepEveryValueAndTheLastWins() throws {
        let parsed = try ParsedArguments(["--account", "a", "--account", "b"], verb: "send", options: options, flags: flags)
        #expect(parsed.values("account") == ["a", "b"])
        #expect(parsed.value("account") == "b")
    }

    @Test func unknownOptionIsAUsageErrorListingTheKnownOnes() {
        #expect { try ParsedArguments(["--acount", "x"], verb: "send", options: options, flags: flags) } throws: { error in
            guard let error = error as? CLIError else { return false }
            return error.exitCode == 2 && error.message.contains("--acount") && error.message.contains("--account")
                && error.hint.contains("connectbus send --help")
        }
    }

    @Test func optionWithoutValueAndFlagWithValueAreRefused() {
        #expect(throws: CLIError.self) { try ParsedArguments(["--json"], verb: "send", options: options, flags: flags) }
        #expect(throws: CLIError.self) { try ParsedArguments(["--yes=no"], verb: "send", options: options, flags: flags) }
    }

    @Test func numbersAreCheckedAgainstTheirRange() throws {
        let parsed = try ParsedArguments(["--timeout", "abc"], verb: "send", options: options, flags: flags)
        #expect(throws: CLIError.self) { try parsed.number("timeout", verb: "send", in: 0.1...60) }
        let ok = try ParsedArguments(["--timeout", "2.5"], verb: "send", options: options, flags: flags)
        #expect(try ok.number("timeout", verb: "send", in: 0.1...60) == 2.5)
        #expect(try ok.integer("missing", verb: "send", in: 1...5) == nil)
    }

    @Test func helpIsAlwaysAccepted() throws {
        #expect(try ParsedArguments(["-h"], verb: "tail", options: [], flags: []).has("help"))
        #expect(try ParsedArguments(["--help"], verb: "tail", options: [], flags: []).has("help"))
    }

    @Test func everyVerbHasHelpAndUnknownVerbsExitWithUsage() {
        for verb in ConnectBusCLI.verbs {
            #expect(verb.help.hasPrefix("usage: connectbus \(verb.name)"))
            #expect(ConnectBusCLI.run([verb.name, "--help"], environment: [:]) == 0)
        }
        #expect(ConnectBusCLI.run(["sned"], environment: [:]) == 2)
        #expect(ConnectBusCLI.run([], environment: [:]) == 2)
    }
}
