#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// A token bucket shared by all workers of a process so together they never exceed
/// Stripe's rate limit (about 25 requests/s in test mode, 100/s live; DESIGN §10).
///
/// Holds at most `burst` tokens, refilled at `ratePerSecond`. ``acquire(whileWaiting:)``
/// takes one token, sleeping in short steps (calling `whileWaiting`, e.g. to send AMQP
/// heartbeats) until one is available. Thread-safety: `Sendable`, lock-protected.
public final class StripeRateLimiter: Sendable {
    private struct State {
        var tokens: Double
        var last: ContinuousClock.Instant
    }

    /// Tokens added per second.
    public let ratePerSecond: Double
    /// Largest number of tokens held (requests allowed in a burst).
    public let burst: Double
    private let state: Mutex<State>
    /// The fleet's shared limit (`STRIPE_RATE_LIMITS`), when configured: clients attached
    /// with ``attach(to:priority:heartbeat:)`` then take a slot per HTTP attempt from it, and
    /// this bucket is not used (StripeRateLimiter+Fleet.swift).
    public let fleet: FleetRateLimiter?

    /// Creates a full bucket.
    public init(ratePerSecond: Double, burst: Double? = nil, fleet: FleetRateLimiter? = nil) {
        self.fleet = fleet
        self.ratePerSecond = max(0.001, ratePerSecond)
        self.burst = max(1, burst ?? ratePerSecond)
        state = Mutex(State(tokens: max(1, burst ?? ratePerSecond), last: .now))
    }

    /// Takes a token if one is available now; otherwise returns how long until one is.
    func tryAcquire(now: ContinuousClock.Instant = .now) -> Duration? {
        state.withLock { state in
            let elapsed = now - state.last
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            state.tokens = min(burst, state.tokens + max(0, seconds) * ratePerSecond)
            state.last = now
            if state.tokens >= 1 {
                state.tokens -= 1
                return nil
            }
            return .milliseconds(Int(((1 - state.tokens) / ratePerSecond * 1000).rounded(.up)))
        }
    }

    /// Blocks the calling (worker) thread until a token is taken.
    public func acquire(whileWaiting: () -> Void = {}) {
        while let wait = tryAcquire() {
            whileWaiting()
            DedicatedThread.sleep(min(.milliseconds(250), max(.milliseconds(1), wait)))
        }
    }
}
