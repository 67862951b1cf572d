import Dispatch
import Synchronization
import Testing

@testable import RuntimeCore

/// The small replacements for Foundation APIs the runtime core provides.
@Suite("Foundation-free helpers")
struct FoundationFreeHelpersTests {
    @Test func jsonTextQuotesAndEscapesForHandBuiltJSON() {
        #expect(JSONText.quoted("acct_1") == #""acct_1""#)
        #expect(JSONText.quoted("a\"b\\c\r\n\u{1}") == #""a\"b\\c\r\n\u0001""#)
    }

    @Test func trimmingSpacesKeepsLineBreaksLikeCharacterSetWhitespaces() {
        #expect(" \t4\u{00A0}\u{2003}".trimmingSpaces() == "4")
        #expect("4\n".trimmingSpaces() == "4\n")
        #expect("  ".trimmingSpaces() == "")
        #expect(" a b ".trimmingSpaces() == "a b")
    }

    @Test func prometheusEscapesBackslashQuoteAndLineFeedEvenInsideCRLF() {
        #expect(PrometheusText.escapeLabel("a\\b\"c\r\nd") == "a\\\\b\\\"c\r\\nd")
        #expect(PrometheusText.escapeHelp("say \"hi\"\n") == "say \"hi\"\\n")
    }

    @Test func doorbellRemembersARingAndWakesAWaiter() {
        let bell = Doorbell()
        #expect(!bell.wait(.milliseconds(1)))
        bell.ring()
        bell.ring()
        #expect(bell.wait(.seconds(30)))  // Returns at once: rung before.
        #expect(!bell.wait(.milliseconds(1)))  // Two rings count as one.
        let woken = Mutex<Bool?>(nil)
        let done = DispatchSemaphore(value: 0)
        DedicatedThread.start(name: "doorbell-test") {
            woken.withLock { $0 = bell.wait(.seconds(30)) }
            done.signal()
        }
        bell.ring()
        done.wait()
        #expect(woken.withLock { $0 } == true)
    }

    @Test func dedicatedThreadRunsItsBodyAndStopSignalWakesWaiters() {
        let signal = StopSignal()
        let started = DedicatedThread.start(name: "runtime-tests.helper") { signal.stop() }
        #expect(started)
        #expect(signal.wait(.seconds(60)))
        #expect(signal.isStopped)
        #expect(!StopSignal().wait(.milliseconds(10)))
    }
}
