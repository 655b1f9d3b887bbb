/// The storage of one finished build, kept for the next build of the same component: a
/// component built again and again then allocates its instance once.
///
/// Only an instance that never escaped is offered: its build was its only owner, and its values
/// are destroyed. The word holds the instance's address (0 for none), retained by the word;
/// `take` and `offer` exchange it atomically, so two builds never take the same instance.
// Safe to share: the word is touched only atomically, at an address that never moves; the
// standard library's `Atomic`, which would make this checked, needs macOS 15 and iOS 18.
@safe @usableFromInline
final class SpareInstance: @unchecked Sendable {
    private let storage = UnsafeMutablePointer<Int>.allocate(capacity: 1)

    private var word: AtomicWord { unsafe AtomicWord(storage) }

    @usableFromInline
    init() {
        unsafe storage.initialize(to: 0)
    }

    deinit {
        _ = take()
        unsafe storage.deinitialize(count: 1)
        unsafe storage.deallocate()
    }

    /// Takes the kept instance, if there is one; the caller is then its only owner.
    @usableFromInline
    func take() -> ComponentInstance? {
        // Acquiring: the offering build's last writes to the instance happen before ours.
        let bits = word.exchangeAcquiring(0)
        guard let address = unsafe UnsafeRawPointer(bitPattern: bits) else { return nil }
        return unsafe Unmanaged<ComponentInstance>.fromOpaque(address).takeRetainedValue()
    }

    /// Keeps `instance` for the next build, unless one is kept already. The caller must be its
    /// only owner, and its values destroyed.
    func offer(_ instance: ComponentInstance) {
        let retained = unsafe Unmanaged.passRetained(instance)
        let (exchanged, _) = unsafe word.compareExchange(
            expected: 0, desired: Int(bitPattern: retained.toOpaque()), ordering: .releasing
        )
        if !exchanged {
            unsafe retained.release()
        }
    }
}
