import Synchronization

/// Where one stored value lives inside a component instance: the seed, or a shared binding.
@usableFromInline
struct StorageSlot: Sendable {
    /// Offset of the slot's state word (`Atomic<Int>`); unused for the seed, which is always set.
    @usableFromInline let stateOffset: Int
    /// Offset of the value.
    @usableFromInline let valueOffset: Int
    /// Whether the value is kept in a `Box` because its alignment is larger than the storage's.
    @usableFromInline let isBoxed: Bool
}

/// The states of a shared slot's state word; any other value is the token of the thread that
/// is running the slot's factory.
@usableFromInline
enum SlotState {
    @usableFromInline static let empty = 0
    @usableFromInline static let ready = 1
}

/// A heap box for values whose alignment the instance storage cannot honour.
@usableFromInline
final class Box<T> {
    @usableFromInline let value: T
    @usableFromInline init(_ value: T) { self.value = value }
}

/// How to destroy the value of a slot when its instance goes away.
enum SlotDestruction: Sendable {
    /// A single strong object reference: released directly.
    case object(offset: Int)
    /// Anything else: destroyed through its type.
    case value(@Sendable (UnsafeMutableRawPointer) -> Void)

    func destroy(in base: UnsafeMutableRawPointer) {
        switch self {
        case let .object(offset):
            Unmanaged<AnyObject>.fromOpaque((base + offset).load(as: UnsafeRawPointer.self)).release()
        case let .value(destroy):
            destroy(base)
        }
    }
}

/// The storage plan shared by every instance of one compiled component: how many bytes, which
/// slots hold shared bindings, and how to destroy what they hold.
@usableFromInline
final class InstanceLayout: Sendable {
    /// The storage is made of 8-byte words, so any value aligned to 8 or less lives inline (a
    /// larger alignment would make every build use an aligned allocation).
    @usableFromInline static let storageAlignment = 8

    @usableFromInline let wordCount: Int
    @usableFromInline let hasSharedSlots: Bool
    /// State-word offsets of shared slots, with how to destroy each slot's value.
    let sharedSlots: [(stateOffset: Int, destruction: SlotDestruction)]
    let seedDestruction: SlotDestruction?

    init(builder: InstanceLayoutBuilder) {
        wordCount = (builder.byteCount + Self.storageAlignment - 1) / Self.storageAlignment
        sharedSlots = builder.sharedSlots
        hasSharedSlots = !builder.sharedSlots.isEmpty
        seedDestruction = builder.seedDestruction
    }

    /// Destroys every value an instance holds: the seed, and each shared value that was made.
    func destroyValues(in base: UnsafeMutableRawPointer) {
        seedDestruction?.destroy(in: base)
        sharedSlots.withUnsafeBufferPointer { slots in
            for slot in slots {
                let state = (base + slot.stateOffset).assumingMemoryBound(to: Atomic<Int>.self)
                if state.pointee.load(ordering: .acquiring) == SlotState.ready {
                    slot.destruction.destroy(in: base)
                }
            }
        }
    }
}

/// Assigns slots while a graph is linked.
struct InstanceLayoutBuilder {
    private(set) var byteCount = 0
    private(set) var sharedSlots: [(stateOffset: Int, destruction: SlotDestruction)] = []
    private(set) var seedDestruction: SlotDestruction?

    /// Reserves the seed's slot. The seed has no state word: `build` stores it before anything
    /// can read it.
    mutating func addSeed<T>(_ type: T.Type) -> StorageSlot {
        let slot = reserve(T.self, withState: false)
        seedDestruction = Self.destruction(T.self, slot: slot)
        return slot
    }

    /// Reserves the slot of a shared binding.
    mutating func addShared<T>(_ type: T.Type) -> StorageSlot {
        let slot = reserve(T.self, withState: true)
        sharedSlots.append((slot.stateOffset, Self.destruction(T.self, slot: slot)))
        return slot
    }

    private mutating func reserve<T>(_ type: T.Type, withState: Bool) -> StorageSlot {
        let isBoxed = MemoryLayout<T>.alignment > InstanceLayout.storageAlignment
        let size = isBoxed ? MemoryLayout<Box<T>>.size : MemoryLayout<T>.size
        let alignment = isBoxed ? MemoryLayout<Box<T>>.alignment : MemoryLayout<T>.alignment
        let stateOffset = Self.align(byteCount, to: MemoryLayout<Atomic<Int>>.alignment)
        let valueStart = withState ? stateOffset + MemoryLayout<Atomic<Int>>.size : stateOffset
        let valueOffset = Self.align(valueStart, to: alignment)
        byteCount = valueOffset + size
        return StorageSlot(stateOffset: stateOffset, valueOffset: valueOffset, isBoxed: isBoxed)
    }

    private static func destruction<T>(_ type: T.Type, slot: StorageSlot) -> SlotDestruction {
        let offset = slot.valueOffset
        if slot.isBoxed || (T.self is AnyObject.Type && MemoryLayout<T>.size == MemoryLayout<AnyObject>.size) {
            return .object(offset: offset)
        }
        return .value { base in (base + offset).assumingMemoryBound(to: T.self).deinitialize(count: 1) }
    }

    private static func align(_ offset: Int, to alignment: Int) -> Int {
        (offset + alignment - 1) & ~(alignment - 1)
    }
}
