import Foundation
import Network

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The journal's locks: the exclusive `flock` on `<journal>.lock` that serialises the processes
/// that change the journal, and the byte-range claims on `<journal>.claims` that say which
/// process owns a deposit's outcome.
extension FileDepositJournal {
    /// Runs `body` holding the exclusive lock on `<journal>.lock`, waiting at most ``lockTimeout``.
    func locked<T>(_ file: JournalFile, _ body: () throws(JournalError) -> T) throws(JournalError) -> T {
        try makeFolder(file.folder)
        let descriptor = try openBesideJournal(file.lockPath, "lock")
        defer { close(descriptor) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: lockTimeout)
        var pause = Duration.milliseconds(1)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else { throw .inputOutput(path, "lock", errno: code) }
            guard clock.now < deadline else { throw lockedError(holder: Self.holder(descriptor)) }
            var interval = timespec(tv_sec: 0, tv_nsec: Int(pause.components.attoseconds / 1_000_000_000))
            nanosleep(&interval, nil)
            pause = min(pause * 2, .milliseconds(50))
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Opens (or creates) one of the files a journal keeps beside itself, never blocking on it
    /// and never through a link: a FIFO, a folder or a device planted at its name is refused.
    private func openBesideJournal(_ besidePath: String, _ action: String) throws(JournalError) -> Int32 {
        let descriptor = SystemBytes.withCString(besidePath) { open($0, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY, 0o600) }
        guard descriptor >= 0 else {
            // The file at fault is the one beside the journal, so the message names it; a folder
            // or a link planted at its name is for the user to remove.
            let code = errno
            let advice = code == EISDIR || code == ELOOP ? "; remove it" : ""
            throw JournalError(
                kind: .inputOutput,
                message: "cannot \(action) the deposit journal \(path): \(besidePath): \(JournalError.errorText(code))\(advice)"
            )
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw JournalError(kind: .inputOutput, message: "cannot \(action) the deposit journal \(path): \(besidePath) is not a file; remove it")
        }
        return descriptor
    }

    func lockedError(holder: LockHolder?) -> JournalError {
        let who = holder.map { "process \($0.processID)\($0.name.map { " (\($0))" } ?? "")" } ?? "another process"
        return JournalError(
            kind: .locked,
            message: "the deposit journal \(path) is locked by \(who), which has held it for more than \(lockTimeout.spokenSeconds); "
                + "let it finish, or stop it, then try again"
        )
    }

    /// The process that holds a lock: its id, and the name the system gives it.
    struct LockHolder: Equatable {
        let processID: Int32
        let name: String?
    }

    /// The process that holds the `flock` on the open file `descriptor`, as the system says
    /// (`/proc/locks`), when it names exactly one live process; nil otherwise, and on systems
    /// without `/proc/locks`. Whatever process holds the lock (an `atm`, a backup script,
    /// `flock(1)`), the one named is the one holding it now, never the last `atm` that took it.
    static func holder(_ descriptor: Int32, locks: String = "/proc/locks") -> LockHolder? {
        holder(descriptor) { readWhole(locks) }
    }

    /// ``holder(_:locks:)`` over the lock table that `table` reads anew at each call.
    ///
    /// `/proc/locks` is made a page at a time as it is read, so a lock taken or released by any
    /// process between two pages moves the lines after it: a line can be read twice, or fall
    /// between two pages and not be read at all. The holder's line is read again, up to
    /// ``lockTableReads`` times, before the holder goes unnamed.
    static func holder(_ descriptor: Int32, table: () -> String?) -> LockHolder? {
        guard let file = lockTableName(of: descriptor) else { return nil }
        for _ in 0..<lockTableReads {
            guard let text = table() else { return nil }
            var holders: Set<Int32> = []
            for line in text.split(separator: "\n") {
                // "1: FLOCK  ADVISORY  WRITE 16191 fe:00:16223690 0 EOF"; a waiter's line has "->".
                let fields = line.split(separator: " ")
                guard fields.count >= 6, fields[1] == "FLOCK", fields[5] == file, let processID = Int32(fields[4]) else { continue }
                holders.insert(processID)
            }
            if holders.isEmpty { continue }
            guard holders.count == 1, let processID = holders.first, processID > 0 else { return nil }
            guard let comm = try? String(contentsOfFile: "/proc/\(processID)/comm", encoding: .utf8) else { return nil }
            let name = comm.trimmingCharacters(in: .whitespacesAndNewlines)
            return LockHolder(processID: processID, name: name.isEmpty ? nil : name)
        }
        return nil
    }

    /// How many times ``holder(_:table:)`` reads the lock table for a line it did not find.
    static let lockTableReads = 8

    /// How `/proc/locks` names the file open at `descriptor`: its device's major and minor
    /// numbers in hexadecimal and its inode, `fe:00:16223690`.
    static func lockTableName(of descriptor: Int32) -> String? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        let device = UInt64(status.st_dev)
        let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~0xFFF)
        let minor = (device & 0xFF) | ((device >> 12) & ~0xFF)
        return String(format: "%02llx:%02llx:%llu", major, minor, UInt64(status.st_ino))
    }

    /// The whole text of `path`, read to its end, or nil when it cannot be read or is larger
    /// than 64 MiB. One `read` of `/proc/locks` gives one page of it (about 4 KB, 80 locks),
    /// whatever the buffer's size: a system with more locks than that lists the rest in the
    /// reads after.
    static func readWhole(_ path: String) -> String? {
        let descriptor = SystemBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NOCTTY) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard case let .read(bytes) = FileReading.readToEnd(descriptor, limit: 1 << 26) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Claims a deposit with a write lock on one byte of `<journal>.claims`, chosen by its key;
    /// nil when another process holds it.
    func claim(_ deposit: PendingDeposit, in file: JournalFile) throws(JournalError) -> DepositClaim? {
        let descriptor = try openBesideJournal(file.claimsPath, "claim a deposit in")
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = off_t(Self.claimOffset(deposit.idempotencyKey))
        lock.l_len = 1
        while fcntl(descriptor, Self.setLockCommand, &lock) != 0 {
            let code = errno
            if code == EINTR { continue }
            close(descriptor)
            if code == EAGAIN || code == EACCES { return nil }
            throw .inputOutput(path, "claim a deposit in", errno: code)
        }
        // Unlocked before it is closed: a child that another thread forks at that moment shares
        // the open file until it execs, and would otherwise hold the claim that long.
        let offset = lock.l_start
        return DepositClaim(deposit: deposit) {
            var unlock = flock()
            unlock.l_type = Int16(F_UNLCK)
            unlock.l_whence = Int16(SEEK_SET)
            unlock.l_start = offset
            unlock.l_len = 1
            _ = fcntl(descriptor, Self.setLockCommand, &unlock)
            close(descriptor)
        }
    }

    /// Claims several deposits on one open `<journal>.claims`: one byte each, released one by
    /// one; the file is closed once every claim is released. Nil for a deposit another process holds.
    func claimAll(_ deposits: [PendingDeposit], in file: JournalFile) throws(JournalError) -> [DepositClaim?] {
        let claims = ClaimsFile(descriptor: try openBesideJournal(file.claimsPath, "claim a deposit in"))
        var result: [DepositClaim?] = []
        for deposit in deposits {
            let offset = off_t(Self.claimOffset(deposit.idempotencyKey))
            switch claims.lock(offset) {
            case 0:
                result.append(DepositClaim(deposit: deposit) { claims.unlock(offset) })
            case EAGAIN, EACCES:
                result.append(nil)
            case let code:
                for claim in result { claim?.release() }
                throw .inputOutput(path, "claim a deposit in", errno: code)
            }
        }
        return result
    }

    /// `F_OFD_SETLK` on Linux, whose locks belong to the open file and so to the claim alone;
    /// elsewhere `F_SETLK`, whose locks belong to the process (which holds one claim at a time).
    static var setLockCommand: Int32 {
        #if os(Linux)
        37
        #else
        F_SETLK
        #endif
    }

    /// The byte that stands for a key: FNV-1a of its bytes, below 2^62.
    static func claimOffset(_ key: String) -> Int64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return Int64(hash >> 2)
    }
}

/// An open `<journal>.claims` that holds several claims, one byte each; closed when the last
/// claim that uses it is gone.
// Safe to share: the descriptor never changes, and each `fcntl` call is atomic in the kernel.
private final class ClaimsFile: Sendable {
    let descriptor: Int32

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Write-locks one byte; 0, or the `errno` of the failure.
    func lock(_ offset: off_t) -> Int32 {
        change(offset, to: F_WRLCK)
    }

    /// Unlocks one byte.
    func unlock(_ offset: off_t) {
        _ = change(offset, to: F_UNLCK)
    }

    private func change(_ offset: off_t, to type: Int32) -> Int32 {
        var lock = flock()
        lock.l_type = Int16(type)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = offset
        lock.l_len = 1
        while fcntl(descriptor, FileDepositJournal.setLockCommand, &lock) != 0 {
            let code = errno
            if code == EINTR { continue }
            return code
        }
        return 0
    }
}

extension Duration {
    /// The duration spoken: `5 seconds`, `1 second`, `250 ms`.
    fileprivate var spokenSeconds: String {
        let (seconds, attoseconds) = components
        guard seconds < 1 || attoseconds != 0 else { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
        return "\(seconds * 1_000 + attoseconds / 1_000_000_000_000_000) ms"
    }
}
