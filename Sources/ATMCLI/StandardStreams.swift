import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's standard streams, made safe before the app opens anything.
///
/// A program started with standard output closed (`>&-`) would give descriptor 1 to the next
/// file it opens (the deposit journal, its lock, the runtime's own), and the receipt would be
/// written into that file. ``prepare()`` opens `/dev/null` on each standard descriptor that is
/// closed, remembers that it was, so that writing standard output then fails with `EBADF` as it
/// should, and ignores `SIGPIPE`, so that a reader that goes away is `EPIPE` for the app to
/// report, not a signal that kills it after a deposit was credited.
public enum StandardStreams {
    private static let closedAtLaunch = Mutex<Set<Int32>>([])

    /// Makes the standard streams safe; the first thing an app's `main` does.
    public static func prepare() {
        var closed: Set<Int32> = []
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            closed.insert(descriptor)
            // open returns the lowest free descriptor: this one.
            _ = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
        }
        closedAtLaunch.withLock { $0 = closed }
        signal(SIGPIPE, SIG_IGN)
    }

    /// Whether a standard descriptor was closed when the app started.
    static func wasClosed(_ descriptor: Int32) -> Bool {
        closedAtLaunch.withLock { $0.contains(descriptor) }
    }
}
