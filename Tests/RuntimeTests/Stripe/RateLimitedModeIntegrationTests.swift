import Bus
import Messages
@testable import Runtime
import Store
import Testing
import TestKit

/// Only `.oneAtATime(rateLimited: true)` routes take a token of the process's Stripe rate
/// limiter: a route without Stripe calls (e-mail) must not spend Stripe's budget.
@Suite("Rate-limited one-at-a-time routes (integration)", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct RateLimitedModeIntegrationTests {
    @Test(arguments: [false, true])
    func aHandlerTakesAStripeTokenOnlyWhenItsRouteIsRateLimited(rateLimited: Bool) async throws {
        try await TestBed.with("ratelimit") { bed in
            let handler: MessageHandler = { _, context in
                try context.reply(Reply<TestResult>.ok(TestResult(doubled: 0)))
                return .done
            }
            let route = Route.raw(
                queue: bed.queue, mode: .oneAtATime(rateLimited: rateLimited),
                exchange: Exchanges.commands, patterns: [bed.queue], handlers: [bed.queue: handler])
            // One token, refilled once in 1,000 s: whether it is left shows whether the handler took it.
            let host = bed.host(routes: [route], stripeRequestsPerSecond: 0.001)
            try await bed.start(host)
            let command = bed.command(bed.queue)
            try await onThread {
                try bed.broker.declare(bed.replyQueue)
                try bed.broker.publish([command], exchange: Exchanges.commands, routingKey: bed.queue)
            }
            #expect(try await onThread { try bed.broker.take(1, from: bed.replyQueue) }.count == 1)
            try await bed.stop(host)
            let tokenLeft = host.stripeRateLimiter.tryAcquire() == nil
            #expect(tokenLeft == !rateLimited)
        }
    }
}
