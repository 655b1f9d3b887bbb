#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lets a resolution go deeper than the calling thread's stack allows.
///
/// Resolving a binding calls the resolvers of its parameters, so a chain of bindings uses stack
/// in proportion to its depth (about a hundred bytes a level in a release build). A graph has no
/// depth limit: where the linker finds a key deeper than ``levels`` it puts a checkpoint in its
/// resolver (see ``isNeeded(depth:shallowestDependency:)``), so that no path of a resolution
/// runs more than ``levels`` bindings without passing one. A checkpoint measures the stack the
/// thread has left; where that is less than ``reserve``, it resolves the rest of the chain on a
/// new thread with a stack of its own, ``freshStackSize`` bytes, and waits for it.
///
/// Graphs less than ``levels`` deep, which is nearly all of them, have no checkpoint at all.
@usableFromInline
enum StackCheckpoint {
    /// At most this many bindings of one resolution path lie between two checkpoints.
    static let levels = 128
    /// A checkpoint moves to a fresh stack when less than this is left: enough for ``levels``
    /// bindings of a debug build with a generous factory each.
    static let reserve = 1 << 20
    /// The stack of the thread a checkpoint moves a resolution to: 3 MB of it are used before
    /// the next move, tens of thousands of bindings in a release build. It is kept this small
    /// for ThreadSanitizer, whose record of a thread's calls holds 65,536 frames and silently
    /// overwrites the memory after it when a thread nests deeper.
    static let freshStackSize = 4 << 20

    /// Whether a key at `depth` (1 for a binding without dependencies, one more than its
    /// deepest dependency otherwise) needs a checkpoint: it does when one of its dependencies
    /// lies in a lower band of ``levels`` depths, so that every path from band to band starts at
    /// a checkpoint.
    static func isNeeded(depth: Int, shallowestDependency: Int) -> Bool {
        depth >= levels && shallowestDependency / levels < depth / levels
    }

    /// Resolves `resolve` on this thread when its stack has room, on a fresh stack otherwise.
    @usableFromInline
    static func resolve<T>(_ instance: ComponentInstance, _ resolve: Resolver<T>) -> T {
        if ThreadStack.remaining() >= reserve {
            return resolve(instance)
        }
        return ThreadStack.onFreshStack(size: freshStackSize) { resolve(instance) }
    }
}

/// The calling thread's stack: how much is left, and running a body on a new one.
enum ThreadStack {
    /// The key under which each thread caches the lowest address of its stack.
    private static let lowestAddressKey: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// The bytes between the caller's frame and the end of the thread's stack, or `Int.max`
    /// where the system does not say where the stack ends.
    static func remaining() -> Int {
        var marker: UInt8 = 0
        let current = withUnsafeMutablePointer(to: &marker) { Int(bitPattern: $0) }
        guard let lowest = lowestAddress() else { return .max }
        return current - lowest
    }

    private static func lowestAddress() -> Int? {
        guard let key = lowestAddressKey else { return nil }
        if let cached = pthread_getspecific(key) {
            return Int(bitPattern: cached)
        }
        guard let lowest = queryLowestAddress() else { return nil }
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: lowest))
        return lowest
    }

    private static func queryLowestAddress() -> Int? {
        #if canImport(Darwin)
        let thread = pthread_self()
        let highest = Int(bitPattern: pthread_get_stackaddr_np(thread))
        return highest - pthread_get_stacksize_np(thread)
        #else
        var attributes = pthread_attr_t()
        guard let getAttributes = currentThreadAttributes,
              getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
        return Int(bitPattern: address)
        #endif
    }

    #if !canImport(Darwin)
    /// `pthread_getattr_np`, which the C library has but its Swift module does not declare.
    private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
    private static let currentThreadAttributes: GetAttributes? = {
        guard let library = dlopen(nil, RTLD_NOW), let symbol = dlsym(library, "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: GetAttributes.self)
    }()
    #endif

    /// Runs `body` on a new thread with a stack of `size` bytes and returns its result; the
    /// caller waits meanwhile, so `body` never runs at the same time as the caller. Where no
    /// thread can be started, runs `body` on the caller's stack.
    static func onFreshStack<T>(size: Int, _ body: () -> T) -> T {
        withoutActuallyEscaping(body) { body in
            let job = StackJob(body)
            let context = Unmanaged.passRetained(job)
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, size)
            #if canImport(Darwin)
            var thread: pthread_t?
            #else
            var thread = pthread_t()
            #endif
            guard pthread_create(&thread, &attributes, runStackJob, context.toOpaque()) == 0 else {
                context.release()
                return body()
            }
            #if canImport(Darwin)
            if let thread { pthread_join(thread, nil) }
            #else
            pthread_join(thread, nil)
            #endif
            guard let result = job.result else {
                preconditionFailure("Wiring internal error: a resolution on a fresh stack returned nothing.")
            }
            return result
        }
    }
}

/// The body a fresh-stack thread runs, and its result.
private final class StackJob<T>: RunnableStackJob {
    let body: () -> T
    var result: T?

    init(_ body: @escaping () -> T) { self.body = body }

    override func run() { result = body() }
}

/// A job of any result type, as the thread's entry point sees it.
private class RunnableStackJob {
    func run() {}
}

/// The entry point of a fresh-stack thread: runs the job passed (retained) as its argument.
#if canImport(Darwin)
private func runStackJob(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<RunnableStackJob>.fromOpaque(context).takeRetainedValue().run()
    return nil
}
#else
private func runStackJob(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<RunnableStackJob>.fromOpaque(context).takeRetainedValue().run()
    return nil
}
#endif
