import Foundation
import Messages
import Runtime
import Testing
@testable import ConnectBusCLI

/// Failure fingerprints of dead letters: normalisation, grouping, first and last seen, the
/// history and export of one message.
@Suite("Dead-letter groups")
struct DeadLetterGroupTests {
    static func parked(
        _ id: String, type: String = "payments.create_checkout_session", code: String = "stripe.rate_limit",
        message: String, failures: [FailureRecord] = [], failedAt: Int = 1_700_000_100,
        queue: String = "payments.create_checkout_session"
    ) -> ParkedMessage {
        var extra = [
            MessageHeaders.Key.errorCode: code, MessageHeaders.Key.errorMessage: message,
            MessageHeaders.Key.originalQueue: queue, MessageHeaders.Key.failedAt: String(failedAt),
        ]
        var history: String?
        for record in failures { history = FailureHistory.appending(record, to: history) }
        extra[MessageHeaders.Key.failures] = history
        let envelope = Envelope(
            messageId: id, type: type, appId: "payments", headers: MessageHeaders(attempt: max(0, failures.count - 1), extra: extra),
            body: Array(#"{"order_reference":"o-1"}"#.utf8))
        return ParkedMessage(dlq: queue + ".dlq", envelope: envelope)
    }

    @Test func idsUuidsAndNumbersAreNormalisedAwayButWordsStay() {
        #expect(
            DeadLetterFingerprint.normalise("No such customer: 'cus_Q1w2E3r4' (request req_8Hk2aa; 429 after 3.5 s)")
                == "No such customer: '<value>' (request <id>; <n> after <n> s)")
        #expect(
            DeadLetterFingerprint.normalise("order 6f1c2a1e-0b7d-4c53-9a57-1b2c3d4e5f60 unknown")
                == "order <uuid> unknown")
        #expect(DeadLetterFingerprint.normalise("store.query_failed:  relation   missing") == "store.query_failed: relation missing")
    }

    @Test func stripeIdsAreMaskedByPrefixEvenWithoutADigit() {
        #expect(
            DeadLetterFingerprint.normalise("account acct_AbCdEfGhIjKlMnOp cannot take pi_3AbC9xYzQ1 nor cs_test_a1B2c3D4")
                == "account <id> cannot take <id> nor <id>")
        #expect(DeadLetterFingerprint.normalise("secret pi_3AbC9xYz_secret_Q9w8E7 leaked") == "secret <id> leaked")
        #expect(DeadLetterFingerprint.normalise("reader tmr_FqKpLmNoPqRsTu is offline") == "reader <id> is offline")
        // Error codes and words with a Stripe prefix stay.
        #expect(
            DeadLetterFingerprint.normalise("card_declined: in_progress payment_intent_unexpected_state, acct_platform")
                == "card_declined: in_progress payment_intent_unexpected_state, acct_platform")
    }

    @Test func hexStringsOfEightOrMoreAreMaskedShortOnesAndWordsStay() {
        #expect(
            DeadLetterFingerprint.normalise("trace 4bf92f3577b34da6a3ce929d0e0e4736 span A1B2C3D4 ok")
                == "trace <hex> span <hex> ok")
        #expect(DeadLetterFingerprint.normalise("checksum a1b2c3d mismatch, deadbeef facade") == "checksum a1b2c3d mismatch, deadbeef facade")
        #expect(DeadLetterFingerprint.normalise("code 12345678") == "code <n>")
    }

    @Test func quotedValuesAreMaskedButApostrophesInWordsAreNot() {
        #expect(
            DeadLetterFingerprint.normalise(#"unknown field "colour" in 'line items'"#)
                == #"unknown field "<value>" in '<value>'"#)
        #expect(
            DeadLetterFingerprint.normalise("the customer's card can't be charged: 'expired'")
                == "the customer's card can't be charged: '<value>'")
        #expect(DeadLetterFingerprint.normalise("the customers' cards") == "the customers' cards")
    }

    @Test func emailAddressesAreMasked() {
        #expect(
            DeadLetterFingerprint.normalise("mailbox buyer.one+shop@example.co.uk rejected by mx.example.com")
                == "mailbox <email> rejected by mx.example.com")
        #expect(DeadLetterFingerprint.normalise("no @ sign here, nor user@localhost") == "no @ sign here, nor user@localhost")
    }

    @Test func messagesDifferingOnlyInVariablePartsShareAFingerprintAndOtherErrorsDoNot() {
        func print(_ message: String, code: String = "smtp.rejected") -> String {
            Self.parked("m", code: code, message: message).fingerprint.id
        }
        let pairs = [
            ("customer acct_AbCdEfGhIj has no email", "customer acct_ZyXwVuTsRq has no email"),
            ("trace 4bf92f3577b34da6 failed", "trace 00f067aa0ba902b7 failed"),
            ("unknown field 'colour'", "unknown field 'size'"),
            (#"value "12 apples" refused"#, #"value "a pear" refused"#),
            ("mailbox a@example.com full", "mailbox someone.else@shop.example full"),
            ("order 6f1c2a1e-0b7d-4c53-9a57-1b2c3d4e5f60 unknown", "order 00000000-1111-2222-3333-444455556666 unknown"),
        ]
        for (a, b) in pairs { #expect(print(a) == print(b), "\(a) / \(b)") }
        #expect(print("mailbox a@example.com full") != print("mailbox a@example.com unknown"))
        #expect(print("unknown field 'colour'") != print("missing field 'colour'"))
        #expect(print("customer acct_AbCdEfGhIj has no email") != print("customer acct_AbCdEfGhIj has no email", code: "smtp.timeout"))
    }

    @Test func messagesDifferingOnlyInIdsShareAGroupWithCountsAndTimes() {
        let a = Self.parked(
            "m-1", message: "Too many requests for acct_1AbC2dEf",
            failures: [
                FailureRecord(attempt: 0, at: 1_700_000_000, queue: "payments.create_checkout_session", code: "stripe.rate_limit", message: "x")
            ], failedAt: 1_700_000_050)
        let b = Self.parked("m-2", message: "Too many requests for acct_9ZyX8wVu", failedAt: 1_700_000_300)
        let c = Self.parked("m-3", code: "stripe.card_declined", message: "Your card was declined.", failedAt: 1_700_000_200)
        let d = Self.parked(
            "m-4", type: "payments.create_refund", message: "Too many requests for acct_1AbC2dEf",
            failedAt: 1_700_000_400, queue: "payments.create_refund")
        let groups = DeadLetterGroup.grouping([c, a, d, b])
        #expect(groups.map(\.count) == [2, 1, 1])
        let first = groups[0]
        #expect(first.messages.map(\.envelope.messageId) == ["m-1", "m-2"])
        #expect(first.firstSeen == 1_700_000_000)  // from m-1's first attempt
        #expect(first.lastSeen == 1_700_000_300)
        #expect(first.fingerprint.message == "Too many requests for <id>")
        #expect(groups[1].fingerprint.queue == "payments.create_refund")  // the more recent of the two singles
        #expect(Set(groups.map(\.fingerprint.id)).count == 3)
        #expect(a.fingerprint.id == b.fingerprint.id)
        #expect(a.fingerprint.id.count == 10)
        #expect(DLQVerb.table(groups).count == 1 + 2 * groups.count)
    }

    @Test func sinceSelectsTheMessagesParkedFromThatTimeOn() {
        let old = Self.parked("m-old", message: "boom", failedAt: 1_700_000_000)
        let edge = Self.parked("m-edge", message: "boom", failedAt: 1_700_000_100)
        let new = Self.parked("m-new", message: "boom", failedAt: 1_700_000_200)
        let messages = [old, edge, new]
        #expect(DeadLetterGroup.parked(messages, since: nil).map(\.envelope.messageId) == ["m-old", "m-edge", "m-new"])
        #expect(DeadLetterGroup.parked(messages, since: 1_700_000_100).map(\.envelope.messageId) == ["m-edge", "m-new"])
        #expect(DeadLetterGroup.parked(messages, since: 1_700_000_201).isEmpty)
        let groups = DeadLetterGroup.grouping(DeadLetterGroup.parked(messages, since: 1_700_000_100))
        #expect(groups.map(\.count) == [2])
        #expect(groups.first?.firstSeen == 1_700_000_100)
    }

    @Test func theGroupIdIsStableAcrossRuns() {
        // A fixed value: the id is printed and typed back, so it must not depend on the process.
        let print = DeadLetterFingerprint(queue: "q", code: "c", type: "t", message: "m")
        #expect(print.id == DeadLetterFingerprint(queue: "q", code: "c", type: "t", message: "m").id)
        #expect(print.id != DeadLetterFingerprint(queue: "q", code: "c", type: "t", message: "n").id)
        #expect(print.id.allSatisfy { $0.isHexDigit })
    }

    @Test func historyListsEveryAttemptThenTheParking() {
        let message = Self.parked(
            "m-9", message: "boom",
            failures: (0...2).map {
                FailureRecord(
                    attempt: $0, at: 1_700_000_000 + 60 * $0, queue: "payments.create_checkout_session",
                    code: "stripe.api_error", message: "boom \($0)")
            }, failedAt: 1_700_000_200)
        let lines = DLQVerb.historyLines(message)
        #expect(lines.count == 2 + 3 + 1)
        #expect(lines[2].contains("attempt 0  2023-11-14T22:13:20Z  payments.create_checkout_session  stripe.api_error: boom 0"))
        #expect(lines[4].contains("attempt 2"))
        #expect(lines[5].contains("parked  2023-11-14T22:16:40Z in payments.create_checkout_session.dlq after 3 attempts"))
    }

    @Test func exportIsOneJSONObjectWithTheBodyAsJSON() throws {
        let message = Self.parked(
            "m-5", message: "boom",
            failures: [
                FailureRecord(attempt: 0, at: 1, queue: "payments.create_checkout_session", code: "c", message: "boom")
            ])
        let line = DLQVerb.jsonLine(DLQVerb.exportObject(message))
        #expect(!line.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["message_id"] as? String == "m-5")
        #expect((object["body"] as? [String: Any])?["order_reference"] as? String == "o-1")
        #expect((object["failures"] as? [[String: Any]])?.first?["code"] as? String == "c")
        #expect(object["group"] as? String == message.fingerprint.id)
        #expect((object["headers"] as? [String: Any])?["x-error-code"] as? String == "stripe.rate_limit")
    }
}
