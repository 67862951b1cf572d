import CShims

/// glibc `malloc` settings applied once at start-up, before the workers' threads exist, to
/// keep an idle service small (Shared/Runtime/README.md, "Memory").
///
/// - `M_ARENA_MAX` 2: glibc otherwise gives each thread that contends for the heap its own
///   arena (up to 8 per core), each keeping freed memory mapped; workers' allocations are
///   short-lived and mostly served by the per-thread cache (tcache) anyway.
/// - `M_MMAP_THRESHOLD` 32 KiB: larger blocks (rabbitmq-c's 128 KiB socket and frame buffers,
///   libpq's and curl's buffers) get their own zero-filled mapping, so the untouched part
///   of a buffer costs no memory and a freed buffer goes back to the system at once, and the
///   threshold no longer drifts upwards (which would move those buffers into the arenas).
///
/// Skipped when `MALLOC_ARENA_MAX`, `MALLOC_MMAP_THRESHOLD_` or `GLIBC_TUNABLES` is set, so
/// an operator's own choice wins. Thread-safety: call from the main thread at start-up.
enum MallocTuning {
    /// The arenas glibc may create (`M_ARENA_MAX`).
    static let arenaMax: Int32 = 2
    /// Blocks of at least this many bytes are mapped on their own (`M_MMAP_THRESHOLD`).
    static let mmapThreshold: Int32 = 32 * 1024

    /// Applies the settings unless the environment sets malloc options.
    static func apply(environment: [String: String]) {
        #if canImport(Glibc)
        let ownChoice = ["MALLOC_ARENA_MAX", "MALLOC_MMAP_THRESHOLD_", "GLIBC_TUNABLES"]
        guard !ownChoice.contains(where: { environment[$0] != nil }) else { return }
        _ = mallopt(M_ARENA_MAX, arenaMax)
        _ = mallopt(M_MMAP_THRESHOLD, mmapThreshold)
        #endif
    }
}
