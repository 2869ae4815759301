#if canImport(Glibc)
internal import CMalloc
#endif

/// The memory habits of a process that judges for hours: glibc keeps what a thread freed in that
/// thread's arena, so over a day of re-reads resident memory creeps up to the peak of two
/// judgements side by side. Fewer arenas and a trim after each re-read keep it near one.
enum ProcessMemory {
    /// Two malloc arenas instead of up to eight per core (call once, before the worker threads).
    static func limitArenas() {
        #if canImport(Glibc)
        _ = mallopt(M_ARENA_MAX, 2)
        #endif
    }

    /// Hands free memory at the top of the heaps back to the system.
    static func returnFreedMemory() {
        #if canImport(Glibc)
        _ = malloc_trim(0)
        #endif
    }
}
