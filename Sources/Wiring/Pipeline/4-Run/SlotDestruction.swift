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
