/// The storage plan shared by every instance of one compiled component: how many bytes, which
/// slots hold shared bindings, and how to destroy what they hold.
@usableFromInline
final class InstanceLayout: Sendable {
    /// The storage is made of 8-byte words, so any value aligned to 8 or less lives inline (a
    /// larger alignment would make every build use an aligned allocation).
    @usableFromInline static let storageAlignment = 8

    @usableFromInline let wordCount: Int
    @usableFromInline let hasSharedSlots: Bool
    /// Whether any shared slot is async, which makes an escape record the building task (see
    /// `ComponentInstance.escape()`).
    @usableFromInline let hasAsyncSharedSlots: Bool
    /// The shared slots that hold one strong object reference, nearly all of them: their state
    /// and value offsets, in pairs. Kept apart so that destroying them copies no enum and calls
    /// no closure.
    private let objectSlotOffsets: [Int]
    /// The other shared slots, destroyed through their types.
    private let valueSlots: [SharedSlotDestruction]
    private let seedDestruction: SlotDestruction?
    /// What the component's resolvers borrow without retaining: the cells of its parameter
    /// pack resolvers (see ``PackResolver``). Every instance holds its layout, and a resolver
    /// runs only with an instance of its component, so they live as long as any resolver can run.
    private let borrowed: [any AnyObject & Sendable]

    /// The words that hold async shared slots' ``AsyncSlotWaiters``, released whatever the
    /// slots' states.
    private let waitersOffsets: [Int]

    /// The layout of `byteCount` bytes whose shared slots, seed and async waiters are these;
    /// made by linking (``InstanceLayoutBuilder/layout(keeping:)``).
    init(
        byteCount: Int, sharedSlots: [SharedSlotDestruction], seedDestruction: SlotDestruction?, waitersOffsets: [Int],
        keeping borrowed: [any AnyObject & Sendable]
    ) {
        self.borrowed = borrowed
        self.waitersOffsets = waitersOffsets
        wordCount = (byteCount + Self.storageAlignment - 1) / Self.storageAlignment
        hasSharedSlots = !sharedSlots.isEmpty
        hasAsyncSharedSlots = !waitersOffsets.isEmpty
        var objectSlotOffsets: [Int] = []
        var valueSlots: [SharedSlotDestruction] = []
        for slot in sharedSlots {
            if case let .object(offset) = slot.destruction {
                objectSlotOffsets += [slot.stateOffset, offset]
            } else {
                valueSlots.append(slot)
            }
        }
        self.objectSlotOffsets = objectSlotOffsets
        self.valueSlots = valueSlots
        self.seedDestruction = seedDestruction
    }

    /// Destroys every value an instance holds: the seed, and each shared value that was made.
    /// Every shared slot is empty afterwards, as in a new instance, so that a finished build's
    /// instance can serve the next build (``SpareInstance``).
    func destroyValues(in words: InstanceWords) {
        seedDestruction?.destroy(in: words)
        words.releaseMadeObjects(stateAndObjectOffsets: objectSlotOffsets)
        for slot in valueSlots where Self.takeReady(words.state(at: slot.stateOffset)) {
            slot.destruction.destroy(in: words)
        }
    }

    /// Destroys every value an instance that escaped holds: ``destroyValues(in:)``, and the
    /// waiters of its async shared slots, which only a request from another task makes.
    func destroyEscapedValues(in words: InstanceWords) {
        destroyValues(in: words)
        for offset in waitersOffsets {
            words.objectWord(at: offset, of: AsyncSlotWaiters.self).releaseObject()
        }
    }

    /// Whether the task whose token is `token` is making the value of an async shared slot of
    /// `words` other than the one whose waiters live at `otherThan`; `maker` names the task that
    /// a state word says is making the value.
    func isMakingAsyncValue(
        _ token: Int, in words: InstanceWords, otherThan: Int, maker: (Int) -> Int
    ) -> Bool {
        waitersOffsets.contains { offset in
            offset != otherThan
                && maker(words.state(at: offset + MemoryLayout<Int>.size).load(ordering: .relaxed)) == token
        }
    }

    /// Whether the slot's value was made; the slot is empty afterwards. Only the instance's
    /// last owner calls it, when no other thread can reach the slot.
    static func takeReady(_ word: AtomicWord) -> Bool {
        let isReady = word.load(ordering: .acquiring) == SlotState.ready
        word.store(SlotState.empty, ordering: .relaxed)
        return isReady
    }
}
