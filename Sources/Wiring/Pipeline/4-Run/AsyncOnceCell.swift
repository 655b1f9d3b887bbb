import Synchronization

/// Makes the value of an async shared binding once per component instance, however many tasks
/// ask at the same moment: the first request starts the creation, and every request awaits it.
///
/// - The creation runs in a task of its own, so cancelling a task that waits for it does not
///   cancel it: the others still get the value.
/// - A creation that throws caches nothing: every task that waited for it receives the error,
///   and the next request starts a new creation.
@usableFromInline
final class AsyncOnceCell<T>: @unchecked Sendable {
    // Safe to share: `state` is read and written only while `lock` is held; `made` is written
    // once, under the lock, before `isMade` is published with release ordering, and read only
    // after `isMade` is seen with acquire ordering.
    private enum State {
        case idle
        case creating(Task<SentValue<T>, any Error>)
        case made(SentValue<T>)
    }

    private let lock = PThreadLock()
    private var state = State.idle
    private let isMade = Atomic(false)
    private var made: SentValue<T>?

    init() {}

    /// The value once it is made, without waiting or locking: the hit path of a shared binding.
    @inline(__always)
    var madeValue: T? {
        guard isMade.load(ordering: .acquiring) else { return nil }
        return made?.value
    }

    /// The value, made by `create` in `instance` unless it is made or being made.
    func value(in instance: ComponentInstance, _ create: @escaping AsyncResolver<T>) async throws -> T {
        let creation: Task<SentValue<T>, any Error>
        lock.lock()
        switch state {
        case let .made(value):
            lock.unlock()
            return value.value
        case let .creating(task):
            creation = task
        case .idle:
            let shared = SharedInstance(instance)
            creation = Task { [self] in
                do {
                    let value = SentValue(try await create(shared.instance))
                    settle(.made(value))
                    return value
                } catch {
                    settle(.idle)
                    throw error
                }
            }
            state = .creating(creation)
        }
        lock.unlock()
        return try await creation.value.value
    }

    private func settle(_ outcome: State) {
        lock.lock()
        state = outcome
        if case let .made(value) = outcome {
            made = value
            isMade.store(true, ordering: .releasing)
        }
        lock.unlock()
    }
}
