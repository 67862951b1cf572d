import Dispatch
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns SIGTERM and SIGINT into a call of `onSignal` (once per signal), on a dispatch
/// queue: the signals' default action is ignored and a `DispatchSource` observes them.
/// Keep the waiter alive as long as signals should be observed.
/// Thread-safety: not `Sendable`; create, keep and cancel it on one thread.
final class SignalWaiter {
    private let sources: [any DispatchSourceSignal]

    init(onSignal: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "connectbus.signals")
        sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { onSignal(number) }
            source.resume()
            return source
        }
    }

    /// Stops observing (the signals stay ignored).
    func cancel() { sources.forEach { $0.cancel() } }
}
