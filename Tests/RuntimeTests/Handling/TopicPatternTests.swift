import Testing
@testable import Runtime

@Suite("TopicPattern")
struct TopicPatternTests {
    @Test func matchesLikeAnAMQPTopicExchange() {
        #expect(TopicPattern.matches("stripe.checkout.session.completed", "stripe.checkout.session.completed"))
        #expect(TopicPattern.matches("stripe.checkout.*.completed", "stripe.checkout.session.completed"))
        #expect(!TopicPattern.matches("stripe.*", "stripe.checkout.session.completed"))
        #expect(TopicPattern.matches("stripe.#", "stripe.checkout.session.completed"))
        #expect(TopicPattern.matches("#", "anything.at.all"))
        #expect(TopicPattern.matches("payments.#.paid", "payments.paid"))
        #expect(!TopicPattern.matches("payments.order.paid", "payments.order"))
    }
}
