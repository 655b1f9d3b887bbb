/// Assigns slots while a graph is linked.
struct InstanceLayoutBuilder {
    private(set) var byteCount = 0
    private(set) var sharedSlots: [SharedSlotDestruction] = []
    private(set) var seedDestruction: SlotDestruction?
    /// The offsets of the words that hold async shared slots' ``AsyncSlotWaiters``.
    private(set) var waitersOffsets: [Int] = []

    /// Reserves the seed's slot. The seed has no state word: `build` stores it before anything
    /// can read it.
    mutating func addSeed<T>(_ type: T.Type) -> StorageSlot {
        let slot = reserve(T.self, withState: false)
        seedDestruction = Self.destruction(T.self, slot: slot)
        return slot
    }

    /// Reserves the slot of a shared binding linked in `context`. An async one is preceded by a
    /// word for the ``AsyncSlotWaiters`` of requests that wait while its value is being made
    /// (`StorageSlot.waitersOffset`): the state word is aligned to a word, so it comes right
    /// after it.
    mutating func addShared<T>(_ type: T.Type, in context: EffectContext) -> StorageSlot {
        guard context == .async else { return addShared(T.self) }
        let waiters = reserve(AnyObject?.self, withState: false)
        let slot = addShared(T.self)
        precondition(slot.waitersOffset == waiters.valueOffset, "Wiring internal error: an async shared slot's words are out of place.")
        waitersOffsets.append(waiters.valueOffset)
        return slot
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
        let stateOffset = Self.align(byteCount, to: MemoryLayout<Int>.alignment)
        let valueStart = withState ? stateOffset + MemoryLayout<Int>.size : stateOffset
        let valueOffset = Self.align(valueStart, to: alignment)
        byteCount = valueOffset + size
        return StorageSlot(stateOffset: stateOffset, valueOffset: valueOffset, isBoxed: isBoxed)
    }

    private static func destruction<T>(_ type: T.Type, slot: StorageSlot) -> SlotDestruction {
        let offset = slot.valueOffset
        if slot.isBoxed || (T.self is AnyObject.Type && MemoryLayout<T>.size == MemoryLayout<AnyObject>.size) {
            return .object(offset: offset)
        }
        return .value { words in words.deinitialize(T.self, at: offset) }
    }

    private static func align(_ offset: Int, to alignment: Int) -> Int {
        (offset + alignment - 1) & ~(alignment - 1)
    }
}

extension InstanceLayoutBuilder {
    /// The layout reserved so far, keeping `borrowed` as long as any instance of it lives.
    func layout(keeping borrowed: [any AnyObject & Sendable] = []) -> InstanceLayout {
        InstanceLayout(
            byteCount: byteCount, sharedSlots: sharedSlots, seedDestruction: seedDestruction, waitersOffsets: waitersOffsets,
            keeping: borrowed
        )
    }
}
