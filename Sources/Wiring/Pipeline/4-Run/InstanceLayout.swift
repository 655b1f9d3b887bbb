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

    /// The same slot, read as the `Box` it holds.
    var unboxed: StorageSlot {
        StorageSlot(stateOffset: stateOffset, valueOffset: valueOffset, isBoxed: false)
    }
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
            releaseObject(at: base + offset)
        case let .value(destroy):
            destroy(base)
        }
    }
}

/// A shared slot whose value, once made, is destroyed when its instance goes away.
struct SharedSlotDestruction: Sendable {
    /// Offset of the slot's state word: the value is there only when it is `SlotState.ready`.
    let stateOffset: Int
    let destruction: SlotDestruction
}

/// Releases the strong object reference stored at `address`.
private func releaseObject(at address: UnsafeMutableRawPointer) {
    Unmanaged<AnyObject>.fromOpaque(address.load(as: UnsafeRawPointer.self)).release()
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
    /// The shared slots that hold one strong object reference, nearly all of them: their state
    /// and value offsets, in pairs. Kept apart so that destroying them copies no enum and calls
    /// no closure.
    private let objectSlotOffsets: [Int]
    /// The other shared slots, destroyed through their types.
    private let valueSlots: [SharedSlotDestruction]
    private let seedDestruction: SlotDestruction?

    init(builder: InstanceLayoutBuilder) {
        wordCount = (builder.byteCount + Self.storageAlignment - 1) / Self.storageAlignment
        hasSharedSlots = !builder.sharedSlots.isEmpty
        var objectSlotOffsets: [Int] = []
        var valueSlots: [SharedSlotDestruction] = []
        for slot in builder.sharedSlots {
            if case let .object(offset) = slot.destruction {
                objectSlotOffsets += [slot.stateOffset, offset]
            } else {
                valueSlots.append(slot)
            }
        }
        self.objectSlotOffsets = objectSlotOffsets
        self.valueSlots = valueSlots
        seedDestruction = builder.seedDestruction
    }

    /// Destroys every value an instance holds: the seed, and each shared value that was made.
    func destroyValues(in base: UnsafeMutableRawPointer) {
        seedDestruction?.destroy(in: base)
        objectSlotOffsets.withUnsafeBufferPointer { offsets in
            var index = 0
            while index < offsets.count {
                if Self.isReady(base + offsets[index]) {
                    releaseObject(at: base + offsets[index + 1])
                }
                index += 2
            }
        }
        for slot in valueSlots where Self.isReady(base + slot.stateOffset) {
            slot.destruction.destroy(in: base)
        }
    }

    private static func isReady(_ state: UnsafeMutableRawPointer) -> Bool {
        state.assumingMemoryBound(to: Atomic<Int>.self).pointee.load(ordering: .acquiring) == SlotState.ready
    }
}

/// Assigns slots while a graph is linked.
struct InstanceLayoutBuilder {
    private(set) var byteCount = 0
    private(set) var sharedSlots: [SharedSlotDestruction] = []
    private(set) var seedDestruction: SlotDestruction?

    /// Reserves the seed's slot. The seed has no state word: `build` stores it before anything
    /// can read it.
    mutating func addSeed<T>(_ type: T.Type) -> StorageSlot {
        let slot = reserve(T.self, withState: false)
        seedDestruction = Self.destruction(T.self, slot: slot)
        return slot
    }

    /// Reserves the slot of a shared binding linked in `context`: an async one keeps the
    /// ``AsyncOnceCell`` that makes its value.
    mutating func addShared<T>(_ type: T.Type, in context: EffectContext) -> StorageSlot {
        context == .async ? addShared(AsyncOnceCell<T>.self) : addShared(T.self)
    }

    /// Reserves the slot of a shared binding.
    mutating func addShared<T>(_ type: T.Type) -> StorageSlot {
        let slot = reserve(T.self, withState: true)
        sharedSlots.append(SharedSlotDestruction(stateOffset: slot.stateOffset, destruction: Self.destruction(T.self, slot: slot)))
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
