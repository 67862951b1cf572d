extension ZoneRules {
    /// The wall-clock date in this zone at `instant` (Unix seconds).
    public func localDate(at instant: Int) -> LocalDate {
        LocalDate(localSeconds: instant + utcOffset(at: instant))
    }

    /// The instant (Unix seconds) the wall clock shows `time` on `date` in this zone. A time
    /// the clock skips (a daylight-saving gap) gives the first instant after the gap; a time it
    /// shows twice (when it falls back) gives the earlier instant.
    public func instant(of time: LocalTime, on date: LocalDate) -> Int {
        instant(ofLocalSeconds: date.daysSinceEpoch * 86_400 + time.hour * 3600 + time.minute * 60)
    }

    /// The first instant of `date` in this zone (its midnight, or the end of a gap over it).
    public func startOfDay(_ date: LocalDate) -> Int {
        instant(ofLocalSeconds: date.daysSinceEpoch * 86_400)
    }

    /// The instant of a wall-clock reading (seconds since 1970-01-01T00:00 local time); see
    /// ``instant(of:on:)`` for gaps and repeated times. Offsets are taken a day either side:
    /// no zone changes its offset twice within two days.
    func instant(ofLocalSeconds local: Int) -> Int {
        let before = utcOffset(at: local - 86_400)
        let after = utcOffset(at: local + 86_400)
        let earlier = local - max(before, after)
        let later = local - min(before, after)
        for candidate in [earlier, later] where utcOffset(at: candidate) + candidate == local {
            return candidate
        }
        // A gap: the reading lies between the clock's jump's two sides; the first instant
        // after it is the transition, between the two candidates.
        var low = earlier  // still shows a time before the reading
        var high = later  // already shows a time after it
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if utcOffset(at: middle) + middle >= local { high = middle } else { low = middle }
        }
        return high
    }
}
