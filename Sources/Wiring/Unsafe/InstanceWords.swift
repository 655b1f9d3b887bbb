/// The words of one built component's instance, read and written at the offsets its
/// `InstanceLayout` gives: the only way the rest of Wiring reaches an instance's raw storage.
///
/// Safe to use because of what linking guarantees, not what the compiler can check: every offset
/// comes from the `InstanceLayoutBuilder` of the instance's component, which gave it a value of
/// the type the caller names, aligned for it, inside the instance; a value is read only after it
/// was initialised (the seed before the build starts, a shared value once its state word is
/// `SlotState.ready`), and `InstanceLayout` destroys each value once. Every method is inlinable:
/// the hit paths compile to the pointer arithmetic they replace.
@safe @usableFromInline @frozen
struct InstanceWords {
    @usableFromInline let base: UnsafeMutableRawPointer

    @inlinable @inline(__always)
    init(_ base: UnsafeMutableRawPointer) {
        unsafe self.base = base
    }

    /// Sets `count` words to zero: an `AtomicWord` holding `SlotState.empty` in every state word.
    @inlinable @inline(__always)
    func zero(count: Int) {
        unsafe base.initializeMemory(as: UInt64.self, repeating: 0, count: count)
    }

    /// Initialises the value at `offset`, which holds nothing yet.
    @inlinable @inline(__always)
    func initialize<T>(to value: consuming T, at offset: Int) {
        unsafe (base + offset).initializeMemory(as: T.self, to: value)
    }

    /// A copy of the initialised value at `offset`.
    @inlinable @inline(__always)
    func value<T>(at offset: Int, as type: T.Type) -> T {
        unsafe (base + offset).assumingMemoryBound(to: T.self).pointee
    }

    /// Destroys the initialised value at `offset`.
    @inlinable @inline(__always)
    func deinitialize<T>(_ type: T.Type, at offset: Int) {
        unsafe (base + offset).assumingMemoryBound(to: T.self).deinitialize(count: 1)
    }

    /// The state word at `offset`, touched only atomically.
    @inlinable @inline(__always)
    func state(at offset: Int) -> AtomicWord {
        unsafe AtomicWord(at: base + offset)
    }

    /// The object word at `offset`: nil until an object is set, then that object.
    @inline(__always)
    func objectWord<Object: AnyObject>(at offset: Int, of type: Object.Type) -> AtomicObjectWord<Object> {
        unsafe AtomicObjectWord<Object>(at: base + offset)
    }

    /// Releases the object of each slot of `offsets` (state and object offsets, in pairs) whose
    /// value was made, and empties the slot: `InstanceLayout.destroyValues(in:)` for the slots
    /// that hold one strong reference, nearly all of them. Reads the offsets without bounds checks.
    func releaseMadeObjects(stateAndObjectOffsets offsets: [Int]) {
        unsafe offsets.withUnsafeBufferPointer { offsets in
            var index = 0
            while index < offsets.count {
                if InstanceLayout.takeReady(state(at: unsafe offsets[index])) {
                    releaseObject(at: unsafe offsets[index + 1])
                }
                index += 2
            }
        }
    }

    /// Releases the strong object reference at `offset`.
    @inline(__always)
    func releaseObject(at offset: Int) {
        unsafe Wiring.releaseObject(at: base + offset)
    }
}

extension ComponentInstance {
    /// Makes an instance of `minimumCapacity` words whose header is `header`: `create` returns
    /// the class it is called on, so no dynamic cast is needed.
    @inlinable
    static func allocate(words: Int, header: Header) -> ComponentInstance {
        unsafe unsafeDowncast(create(minimumCapacity: words) { _ in header }, to: ComponentInstance.self)
    }

    // The header's fields, through its address: `header`, a stored property of `ManagedBuffer`,
    // would cost a dynamic exclusivity check on every access. Only the thread running the build
    // writes them (see `escape()`).

    /// The instance of the parent component, for subcomponents; nil once the build ends and the
    /// instance is kept for the next build (``SpareInstance``).
    @inlinable
    var parent: ComponentInstance? {
        get { unsafe withUnsafeMutablePointerToHeader { unsafe $0.pointee.parent } }
        set { unsafe withUnsafeMutablePointerToHeader { unsafe $0.pointee.parent = newValue } }
    }

    /// Whether the instance has escaped (see ``escape()``).
    @inlinable
    var hasEscaped: Bool {
        get { unsafe withUnsafeMutablePointerToHeader { unsafe $0.pointee.hasEscaped } }
        set { unsafe withUnsafeMutablePointerToHeader { unsafe $0.pointee.hasEscaped = newValue } }
    }

    /// The token of the task that ran the build when the instance escaped, for a layout with
    /// async shared slots (see ``recordEscapingTask()``).
    var escapedIn: Int {
        get { unsafe withUnsafeMutablePointerToHeader { unsafe $0.pointee.escapedIn } }
        set { unsafe withUnsafeMutablePointerToHeader { unsafe $0.pointee.escapedIn = newValue } }
    }

    /// The layout the instance was made with.
    @inlinable
    var layout: InstanceLayout {
        unsafe withUnsafeMutablePointerToHeader { unsafe $0.pointee.layout }
    }

    /// The instance's words (see ``InstanceWords``).
    @inlinable
    var words: InstanceWords {
        unsafe withUnsafeMutablePointerToElements { unsafe InstanceWords(UnsafeMutableRawPointer($0)) }
    }
}
