#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutual-exclusion lock over `pthread_mutex_t`, which ThreadSanitizer follows (it cannot see
/// the futex inside `Synchronization.Mutex` on Linux).
@safe final class PThreadLock: @unchecked Sendable {
    // Safe to share: the mutex is the synchronisation itself, at a fixed address.
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
