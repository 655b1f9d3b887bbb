import Foundation

/// A value that one lock guards, for state shared by the tasks and the transfer thread.
///
/// `Synchronization.Mutex` would do the same, but on Linux its lock is a futex inside the standard
/// library, where ThreadSanitizer cannot see it, so every access it guards is reported as a race.
/// `NSLock` is a pthread mutex, which ThreadSanitizer follows.
// @unchecked Sendable: `value` is read and written only inside `withLock`, under `lock`.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
