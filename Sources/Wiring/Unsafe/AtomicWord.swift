// Public only because inlinable code calls these functions (a shared value's hit path is inlined
// into the code that asks for it, as it was with `Synchronization.Atomic`): an `internal import`
// would keep them from it. No C type appears in Wiring's public API, and this is the only file
// that imports the C target (Scripts/check-architecture.py checks both).
public import CWiringAtomics

/// A machine word that is read and written only atomically: the state of a shared slot or a
/// `Lazy`, the word of a kept instance or of an async slot's waiters.
///
/// `Synchronization.Atomic` needs macOS 15 and iOS 18; these are C11 atomics of our own
/// (`Sources/CWiringAtomics`), so Wiring runs where the Swift 5.9 runtime does. The API mirrors
/// `Atomic<Int>`'s, and each operation is one instruction once inlined. ThreadSanitizer follows
/// them as it follows any C11 atomic.
///
/// The word is memory someone else owns (an instance's storage, an allocation); the struct is its
/// address. Zero bytes are a word holding 0.
@safe @usableFromInline @frozen
struct AtomicWord {
    @usableFromInline let address: UnsafeMutablePointer<Int>

    /// The word at `address`, which only atomic operations may touch from now on.
    @inlinable @inline(__always)
    init(at address: UnsafeMutableRawPointer) {
        unsafe self.address = unsafe address.assumingMemoryBound(to: Int.self)
    }

    /// The word at `address`, which only atomic operations may touch from now on.
    @inlinable @inline(__always)
    init(_ address: UnsafeMutablePointer<Int>) {
        unsafe self.address = unsafe address
    }

    /// How a load orders the accesses around it.
    @usableFromInline @frozen
    enum LoadOrdering {
        case relaxed, acquiring, sequentiallyConsistent
    }

    /// How a store orders the accesses around it.
    @usableFromInline @frozen
    enum StoreOrdering {
        case relaxed, releasing, sequentiallyConsistent
    }

    /// How a compare-exchange orders the accesses around it when it stores; when it fails, it
    /// loads with the matching load ordering (acquiring for `acquiringAndReleasing`).
    @usableFromInline @frozen
    enum UpdateOrdering {
        case releasing, acquiringAndReleasing, sequentiallyConsistent
    }

    /// The word's value.
    @inlinable @inline(__always)
    func load(ordering: LoadOrdering) -> Int {
        switch ordering {
        case .relaxed: unsafe wiring_atomic_load_relaxed(address)
        case .acquiring: unsafe wiring_atomic_load_acquire(address)
        case .sequentiallyConsistent: unsafe wiring_atomic_load_seq_cst(address)
        }
    }

    /// Sets the word's value.
    @inlinable @inline(__always)
    func store(_ value: Int, ordering: StoreOrdering) {
        switch ordering {
        case .relaxed: unsafe wiring_atomic_store_relaxed(address, value)
        case .releasing: unsafe wiring_atomic_store_release(address, value)
        case .sequentiallyConsistent: unsafe wiring_atomic_store_seq_cst(address, value)
        }
    }

    /// Sets the word's value and returns the value it replaced, acquiring the writes that came
    /// before the store of that value.
    @inlinable @inline(__always)
    func exchangeAcquiring(_ value: Int) -> Int {
        unsafe wiring_atomic_exchange_acquire(address, value)
    }

    /// Stores `desired` if the word holds `expected`. Returns whether it did, and the value the
    /// word held (`expected` when it did). Strong: it never fails spuriously.
    @inlinable @inline(__always)
    func compareExchange(expected: Int, desired: Int, ordering: UpdateOrdering) -> (exchanged: Bool, original: Int) {
        var found = expected
        let exchanged: Bool
        switch ordering {
        case .releasing: exchanged = unsafe wiring_atomic_compare_exchange_release(address, &found, desired)
        case .acquiringAndReleasing: exchanged = unsafe wiring_atomic_compare_exchange_acq_rel(address, &found, desired)
        case .sequentiallyConsistent: exchanged = unsafe wiring_atomic_compare_exchange_seq_cst(address, &found, desired)
        }
        return (exchanged, found)
    }
}
