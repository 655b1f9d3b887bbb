/// How to destroy the value of a slot when its instance goes away.
enum SlotDestruction: Sendable {
    /// A single strong object reference: released directly.
    case object(offset: Int)
    /// Anything else: destroyed through its type.
    case value(@Sendable (InstanceWords) -> Void)

    func destroy(in words: InstanceWords) {
        switch self {
        case let .object(offset):
            words.releaseObject(at: offset)
        case let .value(destroy):
            destroy(words)
        }
    }
}

/// A shared slot whose value, once made, is destroyed when its instance goes away.
struct SharedSlotDestruction: Sendable {
    /// Offset of the slot's state word: the value is there only when it is `SlotState.ready`.
    let stateOffset: Int
    let destruction: SlotDestruction
}
