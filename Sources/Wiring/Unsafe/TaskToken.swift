/// A number that identifies the calling task while it runs, and is never `SlotState.empty` or
/// `.ready`: what an async shared slot's state holds while that task makes its value, as a
/// synchronous slot holds its maker's `currentThreadToken()`.
///
/// The token is the task's address with bit 1 set; tasks are aligned to 16 bytes, so the bit
/// was clear and no two running tasks share a token. A task's address can be reused once it
/// ends, but a slot holds its maker's token only while the maker runs. A thread that a stack
/// checkpoint started continues its task's resolution, and gets that task's token. Outside any
/// task every other caller gets `SlotState.beingMadeOutsideATask`.
func currentTaskToken() -> Int {
    unsafe withUnsafeCurrentTask { task in
        guard let task = unsafe task else { return ThreadStack.waitingTask() ?? SlotState.beingMadeOutsideATask }
        // `UnsafeCurrentTask` is one reference to the task: reading it as a word neither
        // retains nor releases it, and the word is only ever compared.
        return unsafe unsafeBitCast(task, to: Int.self) | 2
    }
}
