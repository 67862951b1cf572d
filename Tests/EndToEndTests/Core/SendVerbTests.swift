import Bus
import Testing
@testable import ConnectBusCLI

@Suite("send: errors in the operator's terms")
struct SendVerbTests {
    @Test func unroutableSaysToStartTheServiceOrDeclareTheQueues() {
        let error = SendVerb.explain(
            BusError(code: BusError.Code.unroutable, message: "NO_ROUTE"),
            command: "payments.refund", timeout: 30)
        #expect(error.message.contains("no queue takes payments.refund"))
        #expect(error.hint.contains("connectbus topology"))
        #expect(error.exitCode == 1)
    }

    @Test func timeoutPointsAtTheQueuesConsumers() {
        let error = SendVerb.explain(
            BusError(code: BusError.Code.timeout, message: "no reply"),
            command: "terminal.reconcile", timeout: 2.5)
        #expect(error.message == "no reply to terminal.reconcile within 2.5 s")
        #expect(error.hint.contains("connectbus status"))
    }

    @Test func bothBodySourcesAtOnceAreRefusedBeforeAnythingIsSent() throws {
        let arguments = try ParsedArguments(
            ["payments.refund", "--json", "{}", "--file", "x.json"], verb: "send",
            options: SendVerb.options, flags: SendVerb.flags)
        #expect(throws: CLIError.self) { try SendVerb.body(arguments) }
        #expect(ConnectBusCLI.run(["send"], environment: [:]) == 2)
        #expect(ConnectBusCLI.run(["send", "payments.refund", "--file", "/nonexistent.json"], environment: [:]) == 2)
    }

    @Test func aBodyGivenAfterTheNameIsPointedAtJSON() {
        let error = SendVerb.positionalError(["payments.refund", #"{"account":"acct_1"}"#])
        #expect(error.message == "send takes exactly one command name, got 2")
        #expect(error.hint == #"pass the body with --json: connectbus send payments.refund --json '{"account":"acct_1"}'"#)
        #expect(error.exitCode == 2)
        #expect(SendVerb.positionalError(["a", "b", "c"]).hint.contains("connectbus send --help"))
        #expect(ConnectBusCLI.run(["send", "payments.refund", "{}"], environment: [:]) == 2)
    }
}
