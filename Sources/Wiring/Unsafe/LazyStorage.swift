/// The storage of a ``Lazy`` value, which it makes exactly once (see ``OnceSlot``): a state
/// word and the value, at addresses of their own.
// Safe to share: the value is written once, before the state word is published as `ready` with
// release ordering, and read only after it is seen `ready` with acquire ordering. `Mutex` and
// `Atomic`, which would make this checked, need macOS 15 and iOS 18.
@safe final class LazyStorage<Element>: @unchecked Sendable {
    private let instance: SharedInstance
    private let resolve: Resolver<Element>
    private let storage = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private let value = UnsafeMutablePointer<Element>.allocate(capacity: 1)

    /// The state word, touched only atomically.
    private var state: AtomicWord { unsafe AtomicWord(storage) }

    init(instance: SharedInstance, resolve: @escaping Resolver<Element>) {
        self.instance = instance
        self.resolve = resolve
        unsafe storage.initialize(to: SlotState.empty)
    }

    deinit {
        if state.load(ordering: .acquiring) == SlotState.ready {
            unsafe value.deinitialize(count: 1)
        }
        unsafe value.deallocate()
        unsafe storage.deinitialize(count: 1)
        unsafe storage.deallocate()
    }

    func get() -> Element {
        if state.load(ordering: .acquiring) == SlotState.ready {
            return unsafe value.pointee
        }
        return unsafe OnceSlot.value(state: state, value: value, name: "Lazy<\(Element.self)>") { resolve(instance.instance) }
    }
}
