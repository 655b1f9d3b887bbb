internal import CHeapUsage

/// Bytes of heap in use, as glibc's `mallinfo2()` counts them (every arena, mmapped blocks
/// included): the difference of two readings is what was allocated in between and not freed.
public enum HeapUsage {
    /// Whether readings mean anything here (glibc 2.33 or later).
    public static var isAvailable: Bool { bytesInUse() > 0 }

    /// Bytes of heap in use now.
    public static func bytesInUse() -> Int {
        Int(wiring_bench_heap_bytes_in_use())
    }

    /// Returns free memory to the system first, then reads: readings taken this way compare
    /// like with like.
    public static func settledBytesInUse() -> Int {
        wiring_bench_heap_trim()
        return bytesInUse()
    }

    /// Consolidates the heap's free blocks and returns free memory to the system, so that a
    /// scenario does not inherit the fragmented heap an earlier one left (Swinject's `.graph`
    /// scope leaves hundreds of bytes per resolve until its container goes).
    public static func settle() {
        wiring_bench_heap_trim()
    }
}
