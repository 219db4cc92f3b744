#if os(Linux)
import CMalloc
import Testing
@testable import TodoMDCLI

/// `todomd` and `todomd-sync` tune glibc's allocator for a process that runs one command.
@Suite struct CommandAllocatorTests {
    /// Once tuned, a block of a listing's size comes from the heap (and is reused when freed)
    /// instead of being mapped from the kernel and unmapped again: glibc's default hands every
    /// block over 128 KB to `mmap`, which `mallinfo2` counts in `hblks`.
    ///
    /// The settings are the whole test process's from then on, which changes nothing the other
    /// tests check. Other tests' threads may free a block mapped before: the count may fall.
    @Test func aTunedProcessKeepsLargeBlocksInItsHeap() throws {
        CommandAllocator.tune()
        let mapped = mallinfo2().hblks
        let block = try #require(malloc(4 << 20))
        #expect(mallinfo2().hblks <= mapped)
        free(block)
    }
}
#endif
