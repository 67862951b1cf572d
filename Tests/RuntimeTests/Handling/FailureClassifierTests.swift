import Messages
import Store
import StripeAPI
import Testing
@testable import Runtime

@Suite("FailureClassifier")
struct FailureClassifierTests {
    @Test func transientErrorsAreRetriedAndPoisonIsDeadLettered() {
        let decoding = MessageDecodingError(field: "n", kind: .missing, reason: "missing")
        #expect(FailureClassifier.classify(decoding).disposition == .deadLetter)
        #expect(FailureClassifier.classify(decoding).code == ReplyError.Code.missingField)
        let serialization = StoreError(code: StoreError.Code.serializationFailure, sqlState: "40001", message: "x")
        #expect(FailureClassifier.classify(serialization).disposition == .retry)
        let unique = StoreError(code: StoreError.Code.uniqueViolation, sqlState: "23505", message: "x")
        #expect(FailureClassifier.classify(unique).disposition == .deadLetter)
        let rateLimited = StripeError(kind: .rateLimit, httpStatus: 429, message: "slow down")
        #expect(FailureClassifier.classify(rateLimited).disposition == .retry)
        let declined = StripeError(kind: .card, httpStatus: 402, code: "card_declined", message: "declined")
        let declinedFailure = FailureClassifier.classify(declined)
        #expect(declinedFailure.code == "stripe.card_declined")
        #expect(declinedFailure.disposition == .deadLetter)
        #expect(declinedFailure.replyError.stripe?.code == "card_declined")
        #expect(declinedFailure.replyError.retryable == false)
        let later = FailureClassifier.classify(HandlerError.retry(code: "x.y", message: "later"))
        #expect(later.code == "x.y" && later.message == "later" && later.disposition == .retry)
        #expect(FailureClassifier.classify(ReplyError.invalid("amount", "must be positive")).disposition == .deadLetter)
        // The parked message's error reply keeps the offending field.
        #expect(FailureClassifier.classify(decoding).replyError.field == "n")
        #expect(FailureClassifier.classify(ReplyError.invalid("amount", "must be positive")).replyError.field == "amount")
    }
}
