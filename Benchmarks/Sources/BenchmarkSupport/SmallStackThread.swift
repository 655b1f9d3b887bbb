#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs work on a new thread with a stack of a chosen size, and waits for it: how the depth
/// scenario finds the smallest stack a deep graph needs. A stack overflow ends the process with
/// SIGSEGV, so callers run this in a child process.
public enum SmallStackThread {
    /// A failure to start the thread.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The smallest stack a thread can have here (`PTHREAD_STACK_MIN`); smaller sizes are rounded up.
    public static var minimumStackSize: Int { Int(PTHREAD_STACK_MIN) }

    /// Runs `body` on a thread whose stack is `stackSize` bytes (rounded up to the page size and
    /// to the system's minimum), then returns.
    public static func run(stackSize: Int, _ body: @escaping @Sendable () -> Void) throws {
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        pthread_attr_init(attributes)
        defer {
            pthread_attr_destroy(attributes)
            attributes.deallocate()
        }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let size = max(minimumStackSize, (stackSize + page - 1) / page * page)
        guard pthread_attr_setstacksize(attributes, size) == 0 else {
            throw Failure(description: "pthread_attr_setstacksize(\(size)) failed")
        }
        let context = Unmanaged.passRetained(Work(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let status = pthread_create(&thread, attributes, { context in
            guard let context else { return nil }
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            throw Failure(description: "pthread_create failed with \(status)")
        }
        #if canImport(Glibc)
        pthread_join(thread, nil)
        #else
        if let thread { pthread_join(thread, nil) }
        #endif
    }

    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

/// Hands a value to another thread and back when the hand-over is sequenced by a join, which
/// the compiler cannot see.
public final class Handover<Value>: @unchecked Sendable {
    // Safe to share: the value is set before the thread starts or after it ends (`pthread_join`
    // orders the two), never while both threads run.
    public var value: Value?

    /// Creates a hand-over holding `value`.
    public init(_ value: Value? = nil) {
        self.value = value
    }
}
