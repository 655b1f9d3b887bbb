#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutual-exclusion lock over `pthread_mutex_t`, which ThreadSanitizer follows (it cannot see
/// the futex inside `Synchronization.Mutex` on Linux).
// Safe to share: the mutex lives at an address of its own that never moves, and is touched only
// through pthread calls, which order every access. `Mutex` would make this checked, but needs
// macOS 15 and iOS 18, and ThreadSanitizer cannot follow it on Linux.
@safe final class PThreadLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        unsafe mutex.initialize(to: pthread_mutex_t())
        unsafe pthread_mutex_init(mutex, nil)
    }

    deinit {
        unsafe pthread_mutex_destroy(mutex)
        unsafe mutex.deinitialize(count: 1)
        unsafe mutex.deallocate()
    }

    func lock() {
        unsafe pthread_mutex_lock(mutex)
    }

    func unlock() {
        unsafe pthread_mutex_unlock(mutex)
    }
}
