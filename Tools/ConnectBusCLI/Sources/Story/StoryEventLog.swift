public import Bus
import Messages
import Runtime
import Synchronization

/// Every event published on `connectbus.events` while the story plays, followed on a
/// dedicated thread by an ``EventFollower`` (a server-named exclusive queue bound to `#`, as
/// `connectbus tail` does, so the broker's `monitor` user suffices) and kept in order of
/// arrival for the story's steps and its summary.
///
/// Thread-safety: `Sendable`; the follower thread appends, any thread reads a snapshot.
public final class StoryEventLog: Sendable {
    private enum State { case starting, following, failed(CLIError) }
    private let events = Mutex<[StoryEvent]>([])
    private let state = Mutex<State>(.starting)
    private let stopSignal = StopSignal()

    private init() {}

    /// Starts following `url`'s `connectbus.events` and returns once the queue is bound
    /// (events published from then on are kept).
    /// - Throws: ``CLIError`` when the follower cannot connect or bind its queue within 30 s.
    public static func start(url: AMQPURL) throws(CLIError) -> StoryEventLog {
        let log = StoryEventLog()
        let stop = log.stopSignal
        let started = DedicatedThread.start(name: "story-events") {
            let follower = EventFollower(
                url: url, patterns: ["#"], connectionName: "connectbus.story",
                onReady: { _, _ in log.state.withLock { $0 = .following } },
                emit: { delivery in
                    let event = StoryEvent(
                        routingKey: delivery.routingKey, stripeAccount: delivery.envelope.headers.stripeAccount,
                        body: delivery.envelope.body)
                    log.events.withLock { $0.append(event) }
                })
            follower.stopSignal = stop
            do throws(CLIError) {
                try follower.follow(limit: nil, duration: nil)
            } catch {
                log.state.withLock { $0 = .failed(error) }
            }
        }
        guard started else { throw CLIError("cannot start the thread that follows the events") }
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            switch log.state.withLock({ $0 }) {
            case .following: return log
            case .failed(let error): throw error
            case .starting: DedicatedThread.sleep(.milliseconds(20))
            }
        }
        stop.stop()
        throw CLIError("the event follower did not bind its queue within 30 s", hint: "check the broker with `connectbus status`")
    }

    /// The events seen so far, in order of arrival.
    public var snapshot: [StoryEvent] { events.withLock { $0 } }

    /// Ends the follower (within a second).
    public func stop() { stopSignal.stop() }
}
