/// The UTC offsets of one IANA time zone through time, as its TZif file gives them
/// (RFC 8536): explicit transitions, then the footer's POSIX TZ rule for every instant
/// after the last one (a "slim" file has few or none). Leap seconds are not counted: every
/// instant is Unix seconds. Load one with ``TimeZoneDatabase``; convert with the methods of
/// `ZoneRules+LocalTime.swift`. Thread-safety: an immutable `Sendable` value.
public struct ZoneRules: Sendable, Equatable {
    /// The instants (Unix seconds, ascending) at which the offset changes.
    let transitions: [Int]
    /// The UTC offset (seconds east of Greenwich) in effect from each transition on.
    let offsets: [Int]
    /// The offset before the first transition (the file's time type 0).
    let initialOffset: Int
    /// The rule after the last transition; nil: the last offset holds for ever.
    let footer: PosixTimeZoneRule?

    /// Rules from their parts (``TZif/parse(_:)`` builds them from a file); `offsets` has one
    /// entry per transition.
    init(transitions: [Int], offsets: [Int], initialOffset: Int, footer: PosixTimeZoneRule?) {
        self.transitions = transitions
        self.offsets = offsets
        self.initialOffset = initialOffset
        self.footer = footer
    }

    /// Coordinated Universal Time: offset 0 at every instant.
    public static let utc = ZoneRules(transitions: [], offsets: [], initialOffset: 0, footer: nil)

    /// The UTC offset in seconds east of Greenwich (Sydney in January: 39600) at `instant`
    /// (Unix seconds).
    public func utcOffset(at instant: Int) -> Int {
        guard let first = transitions.first, instant >= first else {
            // Before any transition: type 0, or the footer's rule in a file that has none.
            return transitions.isEmpty ? footer?.utcOffset(at: instant) ?? initialOffset : initialOffset
        }
        if let last = transitions.last, instant >= last, let footer {
            return footer.utcOffset(at: instant)
        }
        // The last transition at or before `instant`.
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= instant { low = middle } else { high = middle - 1 }
        }
        return offsets[low]
    }
}
