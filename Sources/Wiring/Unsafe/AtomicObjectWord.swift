/// A word of a component instance's storage that holds a strong reference to an object, set
/// once by whichever thread gets there first: where an async shared slot keeps its
/// ``AsyncSlotWaiters``.
///
/// The word is an ``AtomicWord`` holding the object's address (0 for none), retained by the word
/// and released by ``releaseObject()`` when the instance goes away. Every operation is
/// sequentially consistent: a creator that publishes its slot's state and then reads this word,
/// and a waiter that sets this word and then reads the state, cannot both miss the other's write.
struct AtomicObjectWord<Object: AnyObject> {
    private let word: AtomicWord

    /// The word at `address`, which starts as zero bytes.
    init(at address: UnsafeMutableRawPointer) {
        word = unsafe AtomicWord(at: address)
    }

    /// The object, if one is set. It stays alive as long as the instance does.
    func load() -> Object? {
        let bits = word.load(ordering: .sequentiallyConsistent)
        guard let address = unsafe UnsafeRawPointer(bitPattern: bits) else { return nil }
        return unsafe Unmanaged<Object>.fromOpaque(address).takeUnretainedValue()
    }

    /// The object set in the word: `make()`'s, unless another thread set one first.
    func loadOrSet(_ make: () -> Object) -> Object {
        if let object = load() { return object }
        let made = unsafe Unmanaged.passRetained(make())
        let bits = unsafe Int(bitPattern: made.toOpaque())
        let (exchanged, found) = word.compareExchange(expected: 0, desired: bits, ordering: .sequentiallyConsistent)
        if exchanged { return unsafe made.takeUnretainedValue() }
        unsafe made.release()
        guard let address = unsafe UnsafeRawPointer(bitPattern: found) else {
            preconditionFailure("Wiring internal error: an instance's object word was cleared while in use.")
        }
        return unsafe Unmanaged<Object>.fromOpaque(address).takeUnretainedValue()
    }

    /// Releases the object, if one is set: when the instance goes away, and nothing else uses it.
    func releaseObject() {
        let bits = word.load(ordering: .acquiring)
        guard let address = unsafe UnsafeRawPointer(bitPattern: bits) else { return }
        unsafe Unmanaged<Object>.fromOpaque(address).release()
    }
}
