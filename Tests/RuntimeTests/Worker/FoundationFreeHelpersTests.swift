import Synchronization
import Dispatch
import Messages
import Store
import StripeAPI
import Testing
@testable import Runtime

/// The small replacements for Foundation APIs the runtime no longer imports.
@Suite("Foundation-free helpers")
struct FoundationFreeHelpersTests {
    @Test func headersJSONReadsStringsAndNumbersAndSkipsTheRest() {
        let json = #"{"a":"x","n":3,"f":1.9,"neg":-2.5,"b":true,"z":null,"o":{"k":1},"l":[1]}"#
        let table = HeadersJSON.decode(Array(json.utf8))
        #expect(table == ["a": .string("x"), "n": .int(3), "f": .int(1), "neg": .int(-2), "b": .int(1)])
        #expect(HeadersJSON.decode(Array("not json".utf8)).isEmpty)
        #expect(HeadersJSON.decode(Array("[1]".utf8)).isEmpty)
    }

    @Test func jsonTextQuotesAndEscapesForHandBuiltJSON() {
        #expect(JSONText.quoted("acct_1") == #""acct_1""#)
        #expect(JSONText.quoted("a\"b\\c\r\n\u{1}") == #""a\"b\\c\r\n\u0001""#)
        let envelope = Envelope(
            messageId: "m1", correlationId: "m1", type: "t", appId: "app",
            headers: MessageHeaders(table: ["x-schema-version": .int(1), "x-k": .string("v\"1")]),
            body: [])
        let row = OutboxMessage(envelope, exchange: "connectbus.commands", routingKey: "k", mandatory: true)
        #expect(String(decoding: row.headersJSON, as: UTF8.self) == #"{"x-k":"v\"1","x-schema-version":1}"#)
        #expect(row.envelope.headers.table == envelope.headers.table)
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
