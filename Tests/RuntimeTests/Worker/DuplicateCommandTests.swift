import Bus
import Messages
import Store
import Testing
@testable import Runtime

/// What a duplicate delivery gets (DESIGN §4 "Retried commands"), decided without I/O.
@Suite("Duplicate commands")
struct DuplicateCommandTests {
    static let body = Array(#"{"n":1}"#.utf8)
    static let reply = StoredReply(
        messageId: "r-1", type: "rt.ping.reply", headersJSON: Array(#"{"x-causation-id":"m-1","x-schema-version":1}"#.utf8),
        body: Array(#"{"ok": true, "result": {"n": 2}}"#.utf8))

    static func delivery(replyTo: String?, body: [UInt8] = body, redelivered: Bool = false) -> Delivery {
        Delivery(
            deliveryTag: 1, exchange: Exchanges.commands, routingKey: "rt.ping", redelivered: redelivered,
            queue: "rt.ping",
            envelope: Envelope(
                messageId: "m-1", correlationId: "c-2", type: "rt.ping", appId: "t", replyTo: replyTo, body: body))
    }

    static let entry = InboxEntry(bodySHA256: BodyFingerprint.of(body), replyTo: "first.replies", reply: reply)

    @Test func theStoredReplyGoesToTheRetrysReplyToMarkedAsReplayed() throws {
        guard
            case .replay(let envelope, let replyTo) = DuplicateCommand.answer(
                Self.delivery(replyTo: "retry.replies"), entry: Self.entry, appId: "svc")
        else { Issue.record("expected a replay"); return }
        #expect(replyTo == "retry.replies")
        #expect(envelope.body == Self.reply.body)
        #expect(envelope.type == "rt.ping.reply")
        #expect(envelope.correlationId == "c-2")
        #expect(envelope.appId == "svc")
        #expect(envelope.messageId == "r-1")
        #expect(envelope.headers.causationId == "m-1")
        #expect(envelope.headers.extra[MessageHeaders.Key.replayed] == "true")
    }

    @Test func anotherBodyUnderTheSameIdIsAConflict() {
        let answer = DuplicateCommand.answer(
            Self.delivery(replyTo: "retry.replies", body: Array(#"{"n":2}"#.utf8)), entry: Self.entry, appId: "svc")
        guard case .conflict(let failure) = answer else { Issue.record("expected a conflict"); return }
        #expect(failure.code == ReplyError.Code.messageIdReused)
        #expect(failure.disposition == .deadLetter)
        #expect(failure.replyError.retryable == false && failure.replyError.parked == nil)
    }

    @Test func withoutReplyToOrStoredFingerprintNothingIsSent() {
        let none: [DuplicateCommand.Answer] = [
            DuplicateCommand.answer(Self.delivery(replyTo: nil), entry: Self.entry, appId: "svc"),
            DuplicateCommand.answer(Self.delivery(replyTo: ""), entry: Self.entry, appId: "svc"),
            DuplicateCommand.answer(Self.delivery(replyTo: "r"), entry: nil, appId: "svc"),
            DuplicateCommand.answer(
                Self.delivery(replyTo: "r"), entry: InboxEntry(bodySHA256: nil, reply: nil), appId: "svc"),
            DuplicateCommand.answer(
                Self.delivery(replyTo: "r"), entry: InboxEntry(bodySHA256: BodyFingerprint.of(Self.body), reply: nil),
                appId: "svc"),
        ]
        for answer in none {
            guard case .none = answer else { Issue.record("expected no answer, got \(answer)"); continue }
        }
    }

    /// The broker's redelivery of the delivery that was handled: its reply is the outbox's.
    @Test func aRedeliveryOfTheHandledDeliveryIsNotAnsweredTwice() {
        let again = DuplicateCommand.answer(
            Self.delivery(replyTo: "first.replies", redelivered: true), entry: Self.entry, appId: "svc")
        guard case .none = again else { Issue.record("expected no answer"); return }
        let retried = DuplicateCommand.answer(
            Self.delivery(replyTo: "first.replies", redelivered: false), entry: Self.entry, appId: "svc")
        guard case .replay = retried else { Issue.record("expected a replay"); return }
    }

    @Test func onlyCommandsWithReplyToAreKept() {
        #expect(DuplicateCommand.kept(Self.delivery(replyTo: nil).envelope, reply: nil) == nil)
        let kept = DuplicateCommand.kept(Self.delivery(replyTo: "r").envelope, reply: nil)
        #expect(kept?.bodySHA256 == BodyFingerprint.of(Self.body) && kept?.reply == nil && kept?.replyTo == "r")
    }

    @Test func theFingerprintIsSHA256() {
        let hex = BodyFingerprint.of(Array("abc".utf8)).map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
            .joined()
        #expect(hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    /// A transient failure dead-lettered after the ladder is answered retryable and parked;
    /// a permanent one is not retryable and not marked.
    @Test func aParkedTransientFailureIsAnsweredRetryableAndParked() {
        let transient = HandlingFailure(code: "stripe.api", message: "down", disposition: .retry)
        #expect(transient.replyError.retryable && transient.replyError.parked == true)
        let permanent = HandlingFailure(code: "validation.invalid_value", message: "no", disposition: .deadLetter)
        #expect(!permanent.replyError.retryable && permanent.replyError.parked == nil)
        #expect(MessageLog.outcome(transient, .deadLetter(queue: "q.dlq", attempt: 2)) == "parked stripe.api")
        #expect(MessageLog.outcome(transient, .retry(queue: "q.retry.1", attempt: 1)) == "stripe.api")
    }
}
