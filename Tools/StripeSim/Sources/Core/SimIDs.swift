import Foundation

/// Identifiers shaped like Stripe's (`pi_3P…`, `req_…`, `whsec_…`): random, or from a
/// seeded generator so that one seed and one sequence of requests give the same ids.
///
/// Ids made while a simulator holds its state lock come from that simulator's generator
/// (set for the current thread by ``SimIDs/withGenerator(_:_:)``); elsewhere from the
/// system's random source.
enum SimIDs {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    private static let threadKey = "stripe-sim.ids"

    /// `prefix_` followed by `length` alphanumerics.
    static func make(_ prefix: String, length: Int = 24) -> String {
        if let generator = Thread.current.threadDictionary[threadKey] as? IDGenerator {
            return generator.make(prefix, length: length)
        }
        var random = SystemRandomNumberGenerator()
        return IDGenerator.compose(prefix, length: length) { random.next(upperBound: UInt64($0)) }
    }

    /// Runs `body` with `generator` as the source of ids made on this thread.
    static func withGenerator<T>(_ generator: IDGenerator, _ body: () throws -> T) rethrows -> T {
        let dictionary = Thread.current.threadDictionary
        let previous = dictionary[threadKey]
        dictionary[threadKey] = generator
        defer { dictionary[threadKey] = previous }
        return try body()
    }
}

/// A source of ids: SplitMix64 from a seed (deterministic), or the system's random source
/// when no seed is given. Thread-safe.
final class IDGenerator: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var seed: UInt64?
    private var stateValue: UInt64

    /// A generator from `seed` (nil: random ids).
    init(seed: UInt64?) {
        self.seed = seed
        stateValue = seed ?? 0
    }

    /// The generator's position, for a snapshot (nil without a seed).
    var position: UInt64? {
        lock.lock()
        defer { lock.unlock() }
        return seed == nil ? nil : stateValue
    }

    /// Starts again from `seed` at `position` (a snapshot's values; nil seed: random).
    func reset(seed: UInt64?, position: UInt64? = nil) {
        lock.lock()
        self.seed = seed
        stateValue = position ?? seed ?? 0
        lock.unlock()
    }

    /// `prefix_` followed by `length` alphanumerics.
    func make(_ prefix: String, length: Int) -> String {
        lock.lock()
        defer { lock.unlock() }
        guard seed != nil else {
            var random = SystemRandomNumberGenerator()
            return Self.compose(prefix, length: length) { random.next(upperBound: UInt64($0)) }
        }
        return Self.compose(prefix, length: length) { bound in nextValue() % UInt64(bound) }
    }

    /// A number in 0..<1 (fault shares), from the seed when there is one.
    func unit() -> Double {
        lock.lock()
        defer { lock.unlock() }
        guard seed != nil else { return Double.random(in: 0..<1) }
        return Double(nextValue() >> 11) / Double(UInt64(1) << 53)
    }

    private func nextValue() -> UInt64 {
        stateValue &+= 0x9E37_79B9_7F4A_7C15
        var z = stateValue
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    static func compose(_ prefix: String, length: Int, _ next: (Int) -> UInt64) -> String {
        var id = prefix + "_"
        for _ in 0..<length { id.append(SimIDs.alphabet[Int(next(SimIDs.alphabet.count))]) }
        return id
    }
}
