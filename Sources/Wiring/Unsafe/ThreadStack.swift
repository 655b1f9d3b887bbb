#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The calling thread's stack: how much is left, and running a body on a new one.
enum ThreadStack {
    /// The key under which each thread caches the lowest address of its stack.
    private static let lowestAddressKey = newKey()

    /// A new thread-specific key, or nil when the system has none left.
    private static func newKey() -> pthread_key_t? {
        var key = pthread_key_t()
        return unsafe pthread_key_create(&key, nil) == 0 ? key : nil
    }

    /// The bytes between the caller's frame and the end of the thread's stack, or `Int.max`
    /// where the system does not say where the stack ends.
    static func remaining() -> Int {
        var marker: UInt8 = 0
        let current = unsafe withUnsafeMutablePointer(to: &marker) { Int(bitPattern: $0) }
        guard let lowest = lowestAddress() else { return .max }
        return current - lowest
    }

    private static func lowestAddress() -> Int? {
        guard let key = lowestAddressKey else { return nil }
        if let cached = unsafe pthread_getspecific(key) {
            return Int(bitPattern: cached)
        }
        guard let lowest = queryLowestAddress() else { return nil }
        unsafe pthread_setspecific(key, UnsafeRawPointer(bitPattern: lowest))
        return lowest
    }

    private static func queryLowestAddress() -> Int? {
        #if canImport(Darwin)
        let thread = pthread_self()
        let highest = Int(bitPattern: pthread_get_stackaddr_np(thread))
        return highest - pthread_get_stacksize_np(thread)
        #else
        var attributes = pthread_attr_t()
        guard let getAttributes = unsafe currentThreadAttributes,
              unsafe getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { unsafe pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard unsafe pthread_attr_getstack(&attributes, &address, &size) == 0, let address = unsafe address else { return nil }
        return Int(bitPattern: address)
        #endif
    }

    #if !canImport(Darwin)
    /// `pthread_getattr_np`, which the C library has but its Swift module does not declare.
    private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
    private static let currentThreadAttributes: GetAttributes? = {
        guard let library = unsafe dlopen(nil, RTLD_NOW), let symbol = unsafe dlsym(library, "pthread_getattr_np") else { return nil }
        return unsafe unsafeBitCast(symbol, to: GetAttributes.self)
    }()
    #endif

    /// The key under which a thread that ``onFreshStack(size:_:)`` started keeps the
    /// ``WaitingThreads`` of its job.
    private static let waitingThreadsKey = newKey()

    /// The tokens (`currentThreadToken()`) of the threads that wait, each for the next, until
    /// the calling thread ends: empty but on a thread that ``onFreshStack(size:_:)`` started.
    static func waitingThreads() -> [Int] {
        current()?.tokens ?? []
    }

    /// The `currentTaskToken()` of the thread that started the calling thread, whose resolution
    /// it continues: nil but on a thread that ``onFreshStack(size:_:)`` started.
    static func waitingTask() -> Int? {
        current()?.task
    }

    private static func current() -> WaitingThreads? {
        guard let key = waitingThreadsKey, let waiting = unsafe pthread_getspecific(key) else { return nil }
        return unsafe Unmanaged<WaitingThreads>.fromOpaque(waiting).takeUnretainedValue()
    }

    /// Sets the calling thread's ``waitingThreads()`` for as long as `body` runs.
    fileprivate static func withWaitingThreads(_ waiting: WaitingThreads, _ body: () -> Void) {
        guard let key = waitingThreadsKey else { return body() }
        unsafe pthread_setspecific(key, Unmanaged.passUnretained(waiting).toOpaque())
        body()
        pthread_setspecific(key, nil)
    }

    /// Runs `body` on a new thread with a stack of `size` bytes and returns its result; the
    /// caller waits meanwhile, so `body` never runs at the same time as the caller. Where no
    /// thread can be started, runs `body` on the caller's stack.
    static func onFreshStack<T>(size: Int, _ body: () -> T) -> T {
        withoutActuallyEscaping(body) { body in
            let job = StackJob(body, waiting: WaitingThreads(waitingThreads() + [currentThreadToken()], task: currentTaskToken()))
            let context = unsafe Unmanaged.passRetained(job)
            var attributes = pthread_attr_t()
            unsafe pthread_attr_init(&attributes)
            defer { unsafe pthread_attr_destroy(&attributes) }
            unsafe pthread_attr_setstacksize(&attributes, size)
            #if canImport(Darwin)
            var thread: pthread_t?
            #else
            var thread = pthread_t()
            #endif
            guard unsafe pthread_create(&thread, &attributes, runStackJob, context.toOpaque()) == 0 else {
                unsafe context.release()
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

/// The threads that wait for a fresh-stack thread: the one that started it, and those that
/// wait for that one; and the token of the task whose resolution it continues
/// (`SlotState.beingMadeOutsideATask` when no task started it).
final class WaitingThreads {
    let tokens: [Int]
    let task: Int

    init(_ tokens: [Int], task: Int) {
        self.tokens = tokens
        self.task = task
    }
}

/// The body a fresh-stack thread runs, and its result.
private final class StackJob<T>: RunnableStackJob {
    let body: () -> T
    var result: T?

    init(_ body: @escaping () -> T, waiting: WaitingThreads) {
        self.body = body
        super.init(waiting: waiting)
    }

    override func runBody() { result = body() }
}

/// A job of any result type, as the thread's entry point sees it.
private class RunnableStackJob {
    let waiting: WaitingThreads

    init(waiting: WaitingThreads) { self.waiting = waiting }

    /// Runs the body, with the threads that wait for it as the thread's ``ThreadStack/waitingThreads()``.
    final func run() {
        ThreadStack.withWaitingThreads(waiting) { runBody() }
    }

    func runBody() {}
}

/// The entry point of a fresh-stack thread: runs the job passed (retained) as its argument.
#if canImport(Darwin)
private func runStackJob(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<RunnableStackJob>.fromOpaque(context).takeRetainedValue().run()
    return nil
}
#else
private func runStackJob(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context = unsafe context else { return nil }
    unsafe Unmanaged<RunnableStackJob>.fromOpaque(context).takeRetainedValue().run()
    return nil
}
#endif
