import Testing

@testable import Bench

@Suite("The command overhead's mean split by where it goes")
struct OverheadSplitTests {
    private static func metrics(handlerSum: Double, handlerCount: Int, stripeSum: Double, stripeCount: Int) -> String {
        """
        # TYPE connectbus_handler_seconds histogram
        connectbus_handler_seconds_bucket{queue="onboarding.commands",le="0.005"} \(handlerCount)
        connectbus_handler_seconds_sum{queue="onboarding.commands"} \(handlerSum)
        connectbus_handler_seconds_count{queue="onboarding.commands"} \(handlerCount)
        connectbus_handler_seconds_sum{queue="onboarding.events"} 1
        connectbus_handler_seconds_count{queue="onboarding.events"} 1
        connectbus_stripe_request_seconds_sum \(stripeSum)
        connectbus_stripe_request_seconds_count \(stripeCount)
        connectbus_stripe_request_seconds_sum_total 999
        """
    }

    @Test func thePartsAddUpToTheMeanRoundTrip() {
        // 100 commands: handler 3 ms each (0.3 s), Stripe 1 ms each (0.1 s); round trip 5 ms,
        // simulator 0.4 ms; hops 1 + 0.2 ms; a commit 0.25 ms.
        let split = OverheadSplit(
            before: Self.metrics(handlerSum: 10, handlerCount: 50, stripeSum: 5, stripeCount: 50),
            after: Self.metrics(handlerSum: 10.3, handlerCount: 150, stripeSum: 5.1, stripeCount: 150),
            commands: 100, roundTrip: Array(repeating: 5000, count: 100), simulator: Array(repeating: 400, count: 100),
            hops: [[1000, 1000], [200]], commit: [250, 250])
        #expect(
            split.lines == [
                "split of the mean (ms; 100 handled, 100 Stripe requests): publish → reply 5.00 = stripe-sim 0.40"
                    + " + Stripe client beyond it 0.60 + handler beyond Stripe 2.00 + outside the handler 2.00",
                "  handler beyond Stripe 2.00: one commit's floor 0.25, the rest 1.75 (its statements, in-process work)",
                "  outside the handler 2.00: two broker hops' floor 1.20, the rest 0.80 (the inbox check, the reply's publish, wake-ups)",
            ])
    }

    @Test func noHandledCommandSaysSoInsteadOfDividingByZero() {
        let same = Self.metrics(handlerSum: 1, handlerCount: 10, stripeSum: 1, stripeCount: 10)
        let split = OverheadSplit(
            before: same, after: same, commands: 10, roundTrip: [1000], simulator: [100], hops: [[1]], commit: [1])
        #expect(split.lines.count == 1)
        #expect(split.lines[0].contains("saw no handled command"))
    }

    @Test func aLongerNameIsNotTheSameSeries() {
        #expect(
            OverheadSplit.total(
                "connectbus_stripe_request_seconds_sum",
                in: Self.metrics(
                    handlerSum: 0, handlerCount: 0, stripeSum: 2.5, stripeCount: 1)) == 2.5)
    }
}
