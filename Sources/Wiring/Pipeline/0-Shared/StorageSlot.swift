/// Where one stored value lives inside a component instance: the seed, or a shared binding.
@usableFromInline
struct StorageSlot: Sendable {
    /// Offset of the slot's state word (an `AtomicWord`); unused for the seed, which is always set.
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

/// The states of a shared slot's state word; any other value says that the slot's value is
/// being made: the token of the thread (`currentThreadToken()`) or task (`currentTaskToken()`)
/// running its factory, or one of the async markers in `ComponentInstance+AsyncShared.swift`.
@usableFromInline
enum SlotState {
    @usableFromInline static let empty = 0
    @usableFromInline static let ready = 1
}
