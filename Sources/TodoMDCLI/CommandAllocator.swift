#if os(Linux)
import CMalloc
#endif

/// The allocator's settings for a process that runs one command and ends (`todomd`,
/// `todomd-sync`; not the server, which lives for days).
///
/// A command lives for milliseconds and allocates a listing's worth of memory in a few large
/// steps. glibc's defaults hand every block over 128 KB to the kernel and take it back
/// (`mmap`/`munmap`, each free a TLB shootdown on every core), and grow a thread's heap a few
/// pages at a time (an `mprotect` each). Keeping large blocks in the heap and growing it in big
/// steps took a warm `today --json` at 10k tasks from 1.56× to 1.48× the time `find` takes to
/// `stat` every file (Benchmarks/README.md).
public enum CommandAllocator {
    /// Blocks up to this size come from the heap, and are reused when freed.
    static let mmapThreshold: Int32 = 64 << 20
    /// How much more than asked a heap grows by at a time (address space, not memory: pages are
    /// only backed when touched).
    static let topPad: Int32 = 32 << 20

    /// Applies the settings; call it first thing in `main`.
    public static func tune() {
        #if os(Linux)
        mallopt(M_MMAP_THRESHOLD, mmapThreshold)
        mallopt(M_TOP_PAD, topPad)
        #endif
    }
}
