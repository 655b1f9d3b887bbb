import Dispatch
import Synchronization

/// Runs async work from synchronous code and waits for it.
///
/// The benchmark's scenarios run on the main thread, one after another; the few that need tasks
/// (concurrency, the bank client) start them detached, on the cooperative pool, and wait here.
public func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let result = Mutex<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do {
            let value = try await body()
            result.withLock { $0 = .success(value) }
        } catch {
            result.withLock { $0 = .failure(error) }
        }
        done.signal()
    }
    done.wait()
    return try result.withLock { stored in
        guard let stored else { preconditionFailure("runBlocking finished without a result") }
        return stored
    }.get()
}
