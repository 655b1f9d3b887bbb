import BillScanner
import Foundation
import Network

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A deposit journal in a JSON file, safe against crashes and shared by processes.
///
/// Every change rewrites the whole file through a new temporary file (created exclusively,
/// never through a symbolic link) that is synced to disk and then renamed over the journal, and
/// the folder is synced too; so the file is always either the old journal or the new one,
/// whatever moment the process is killed, and readers need no lock. An exclusive `flock` on
/// `<journal>.lock` serialises the processes that change the journal; a process waits for it at
/// most ``lockTimeout``, then reports which process holds it. A deposit's claim is a byte-range
/// lock in `<journal>.claims`, which the system releases when its process ends, however it
/// ends. A journal path that is a symbolic link is followed: the link stays, and every name of
/// the journal shares one lock. The file is
///
/// ```json
/// {"pending": [{"account": "alice", "amount_cents": 4500, "bank_url": "http://127.0.0.1:8080",
///   "bills": [20, 20, 5], "idempotency_key": "…", "recorded_at": "2026-11-22T21:00:00Z"}], "version": 1}
/// ```
///
/// A file that is not such a journal is reported as corrupt and never overwritten.
public final class FileDepositJournal: DepositJournal {
    /// The journal file, as given.
    public let path: String
    /// The longest this journal waits for another process's lock.
    public let lockTimeout: Duration
    /// The most deposits a sync settles with one change of the journal: unbounded, as a batch of
    /// claims costs one read of the journal and a batch of removals one rewrite.
    public let settlementBatchLimit: Int
    let system: JournalSystemCalls

    /// The version of the file format this journal reads and writes.
    public static let formatVersion = 1
    /// How long a journal waits for another process's lock unless told otherwise.
    public static let defaultLockTimeout = Duration.seconds(5)
    /// The largest journal file read (a larger one is reported as corrupt), and so the largest
    /// written: a change that would make the journal larger is refused before anything is written.
    public static let maximumFileSize = 16 << 20

    /// Creates a journal in a file; nothing is read or written until the first operation.
    ///
    /// - Parameters:
    ///   - location: The journal file; its folder is created when needed.
    ///   - lockTimeout: The longest to wait for another process's lock.
    public convenience init(location: JournalLocation, lockTimeout: Duration = defaultLockTimeout) {
        self.init(location: location, lockTimeout: lockTimeout, system: .posix)
    }

    /// Opens the journal in a file: checks that its path can hold a journal (not a folder, a
    /// FIFO, a socket or a device, and no link loop), without reading or writing anything, so
    /// that a journal that cannot be opened is reported before any deposit is attempted.
    ///
    /// - Parameters:
    ///   - location: The journal file; its folder is created when the first deposit is recorded.
    ///   - lockTimeout: The longest to wait for another process's lock.
    /// - Throws: ``JournalError`` naming the path and what is wrong with it.
    public convenience init(opening location: JournalLocation, lockTimeout: Duration = defaultLockTimeout) throws(JournalError) {
        _ = try JournalFile(resolving: location.path)
        self.init(location: location, lockTimeout: lockTimeout, system: .posix)
    }

    /// Creates a journal whose durable writes go through `system`, for tests that inject faults,
    /// and whose syncs settle at most `settlementBatchLimit` deposits with one change.
    package init(
        location: JournalLocation, lockTimeout: Duration = defaultLockTimeout, system: JournalSystemCalls,
        settlementBatchLimit: Int = .max
    ) {
        self.path = location.path
        self.lockTimeout = lockTimeout
        self.system = system
        self.settlementBatchLimit = max(1, settlementBatchLimit)
    }

    /// The journal file.
    public var location: String { path }

    /// Records a deposit before it is sent, and claims it; a deposit with the same key is replaced.
    ///
    /// Should the folder sync fail once the new journal is in place, the record is undone, so that
    /// the failure means "not recorded"; if it cannot be undone, the error's kind is
    /// ``JournalError/Kind/leftUnsent``. A deposit that would make the journal larger than
    /// ``maximumFileSize`` is refused with the kind ``JournalError/Kind/full``, and nothing is written.
    @discardableResult
    public func record(_ deposit: PendingDeposit) throws(JournalError) -> DepositClaim {
        let file = try JournalFile(resolving: path)
        try makeFolder(file.folder)
        guard let claim = try claim(deposit, in: file) else {
            throw JournalError(
                kind: .inputOutput,
                message: "cannot record the deposit \(deposit.idempotencyKey) in the deposit journal \(path): another process holds it"
            )
        }
        do {
            try locked(file) { () throws(JournalError) in
                let before = try read(file)
                var after = before
                after.removeAll { $0.idempotencyKey == deposit.idempotencyKey }
                after.append(deposit)
                switch write(after, to: file) {
                case .written:
                    return
                case let .notWritten(error):
                    throw error
                case let .notDurable(error):
                    try undo(to: before, in: file, after: error)
                }
            }
        } catch {
            claim.release()
            throw error
        }
        return claim
    }

    /// Claims a pending deposit, unless another process holds it or it has left the journal.
    public func claim(_ deposit: PendingDeposit) throws(JournalError) -> ClaimAttempt {
        let file = try JournalFile(resolving: path)
        guard let claim = try claim(deposit, in: file) else { return .heldElsewhere }
        // The holder that released it may have settled it just before.
        guard try read(file).contains(where: { $0.idempotencyKey == deposit.idempotencyKey }) else {
            claim.release()
            return .settled
        }
        return .claimed(claim)
    }

    /// Claims several pending deposits with one read of the journal; the claims share one open
    /// file, whatever their number.
    public func claim(_ deposits: [PendingDeposit]) throws(JournalError) -> [ClaimAttempt] {
        guard deposits.count > 1 else { return try deposits.map { deposit throws(JournalError) in try claim(deposit) } }
        let file = try JournalFile(resolving: path)
        let claims = try claimAll(deposits, in: file)
        let listed: Set<String>
        do {
            // The holders that released them may have settled them just before.
            listed = Set(try read(file).map(\.idempotencyKey))
        } catch {
            for claim in claims { claim?.release() }
            throw error
        }
        return zip(deposits, claims).map { deposit, claim in
            guard let claim else { return .heldElsewhere }
            guard listed.contains(deposit.idempotencyKey) else {
                claim.release()
                return .settled
            }
            return .claimed(claim)
        }
    }

    /// Removes a claimed deposit. Once the new journal is in place the deposit is out of the
    /// journal for every process, even if the folder sync that follows fails.
    public func remove(_ claim: DepositClaim) throws(JournalError) {
        try remove([claim])
    }

    /// Removes claimed deposits, and fails when the folder could not be synced after it: see
    /// `DepositJournal.removeDurably(_:)`.
    public func removeDurably(_ claims: [DepositClaim]) throws(JournalError) {
        if case let .notDurable(error) = try removing(claims) {
            let them = claims.count == 1 ? "the deposit" : "these deposits"
            throw JournalError(kind: .leftUnsent, message: error.message + ", so the journal may list \(them) again after a crash")
        }
    }

    /// Removes several claimed deposits with one rewrite of the journal: all of them or none.
    public func remove(_ claims: [DepositClaim]) throws(JournalError) {
        _ = try removing(claims)
    }

    /// Removes the claimed deposits with one rewrite; `.written` or `.notDurable`, or throws the
    /// error of a journal left as it was.
    private func removing(_ claims: [DepositClaim]) throws(JournalError) -> WriteResult {
        guard !claims.isEmpty else { return .written }
        let keys = Set(claims.map(\.deposit.idempotencyKey))
        let file = try JournalFile(resolving: path)
        return try locked(file) { () throws(JournalError) -> WriteResult in
            var pending = try read(file)
            pending.removeAll { keys.contains($0.idempotencyKey) }
            let result = write(pending, to: file)
            if case let .notWritten(error) = result {
                throw error
            }
            return result
        }
    }

    /// The deposits still waiting for the bank, oldest first. Reading takes no lock and writes
    /// nothing, so a journal in a read-only folder can be listed.
    public func pendingDeposits() throws(JournalError) -> [PendingDeposit] {
        try read(JournalFile(resolving: path))
    }

    // MARK: - Reading

    private struct Document: Codable {
        let version: Int
        let pending: [PendingDeposit]
    }

    private func read(_ file: JournalFile) throws(JournalError) -> [PendingDeposit] {
        guard let data = try contents(of: file) else { return [] }
        // This ATM never writes an empty journal: a file of no bytes was cut short by something
        // else (a copy onto a full disk, a truncation), and may have listed deposits.
        guard !data.isEmpty else { throw .corrupt(path, "it is empty, which this ATM never writes") }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(data))
        } catch {
            throw .corrupt(path, "it is not the JSON of a deposit journal")
        }
        guard document.version == Self.formatVersion else {
            throw .corrupt(path, "its format version is \(document.version), not \(Self.formatVersion)")
        }
        var keys = Set<String>()
        for deposit in document.pending {
            if let problem = Self.problem(with: deposit) {
                throw .corrupt(path, problem)
            }
            // One claim and one removal per key: two deposits under one key cannot be settled apart.
            guard keys.insert(deposit.idempotencyKey).inserted else {
                throw .corrupt(path, "it lists two deposits under the idempotency key \"\(deposit.idempotencyKey)\", which this ATM never writes")
            }
        }
        return document.pending
    }

    /// What makes a recorded deposit one this ATM cannot have written, if anything.
    static func problem(with deposit: PendingDeposit) -> String? {
        let key = deposit.idempotencyKey
        guard !key.isEmpty, key.utf8.count <= 255, key.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            return "a deposit's idempotency key is empty, longer than 255 bytes or not printable ASCII"
        }
        guard !deposit.account.isEmpty, !deposit.bankURL.isEmpty else {
            return "the deposit \"\(key)\" has no account or no bank"
        }
        guard (1...BillScanner.maximumAmount.cents).contains(deposit.amountCents) else {
            return "the deposit \"\(key)\" has an amount of \(deposit.amountCents) cents, outside 1 to \(BillScanner.maximumAmount.cents)"
        }
        // The amount sent is the sum of the bills: `pending` shows the bills, a sync sends the amount.
        var billsCents = 0
        for bill in deposit.bills {
            guard let denomination = Denomination(rawValue: bill) else {
                return "the deposit \"\(key)\" lists a bill of \(bill) dollars, which this ATM does not take"
            }
            // Counting stops past the largest deposit, long before an overflow: however many bills.
            let sum = billsCents.addingReportingOverflow(denomination.value.cents)
            guard !sum.overflow, sum.partialValue <= BillScanner.maximumAmount.cents else {
                return "the deposit \"\(key)\" has an amount of \(deposit.amountCents) cents, "
                    + "but its bills add up to more than \(BillScanner.maximumAmount.cents) cents"
            }
            billsCents = sum.partialValue
        }
        guard billsCents == deposit.amountCents else {
            return "the deposit \"\(key)\" has an amount of \(deposit.amountCents) cents, but its bills add up to \(billsCents) cents"
        }
        return nil
    }

    /// The journal's bytes; nil when there is no journal yet. A FIFO or a folder put in the
    /// journal's place after the path was resolved is refused, never waited on.
    private func contents(of file: JournalFile) throws(JournalError) -> [UInt8]? {
        let descriptor = SystemBytes.withCString(file.path) { open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw .inputOutput(path, "read", errno: code)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .inputOutput(path, "read", errno: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw JournalError(kind: .inputOutput, message: "the deposit journal \(path) is not a file: give --journal the path of a file")
        }
        switch FileReading.readToEnd(descriptor, limit: Self.maximumFileSize) {
        case let .read(bytes): return bytes
        case .tooLarge: throw .corrupt(path, "it is larger than \(Self.maximumFileSize >> 20) MiB")
        case let .failed(code): throw .inputOutput(path, "read", errno: code)
        }
    }

    // MARK: - Writing

    /// How far a write got.
    private enum WriteResult {
        /// The new journal is in place and durable.
        case written
        /// The journal is as it was.
        case notWritten(JournalError)
        /// The new journal is in place, but its folder could not be synced.
        case notDurable(JournalError)
    }

    private func write(_ pending: [PendingDeposit], to file: JournalFile) -> WriteResult {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(Document(version: Self.formatVersion, pending: pending))
        } catch {
            return .notWritten(JournalError(kind: .inputOutput, message: "cannot encode the deposit journal \(path): \(error)"))
        }
        // Never write a journal this journal could not read back.
        guard data.count <= Self.maximumFileSize else { return .notWritten(.full(path, bytes: data.count)) }
        removeStaleTemporaries(of: file)
        let temporary = file.temporaryPath
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        var descriptor = SystemBytes.withCString(temporary) { open($0, flags, 0o600) }
        if descriptor < 0, errno == EEXIST {
            // Left by a killed writer of the same process id, or planted: a link is removed, never followed.
            Self.unlink(temporary)
            descriptor = SystemBytes.withCString(temporary) { open($0, flags, 0o600) }
        }
        guard descriptor >= 0 else { return .notWritten(.inputOutput(path, "write", errno: errno)) }
        var failure: JournalError?
        let written = data.withUnsafeBytes { bytes -> Int32? in
            guard let base = bytes.baseAddress else { return nil }
            var offset = 0
            while offset < bytes.count {
                let result = system.write(descriptor, base + offset, bytes.count - offset)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += result
            }
            return nil
        }
        if let code = written {
            failure = .inputOutput(path, "write", errno: code)
        } else if system.fsyncFile(descriptor) != 0 {
            failure = .inputOutput(path, "sync", errno: errno)
        }
        close(descriptor)
        if failure == nil, system.rename(temporary, file.path) != 0 {
            failure = .inputOutput(path, "replace", errno: errno)
        }
        if let failure {
            Self.unlink(temporary)
            return .notWritten(failure)
        }
        return syncFolder(file).map(WriteResult.notDurable) ?? .written
    }

    /// Puts the journal back as it was before a record whose folder sync failed.
    private func undo(to before: [PendingDeposit], in file: JournalFile, after failure: JournalError) throws(JournalError) {
        switch write(before, to: file) {
        case .written:
            throw JournalError(kind: failure.kind, message: failure.message + "; the deposit was taken out of the journal again")
        case let .notDurable(undoFailure):
            // Neither rename is known to be on the disk: after a crash the folder may hold the
            // record, which a sync would then send. So the outcome is a sync's, not "not recorded",
            // whose advice (deposit again) could then credit the same bills twice.
            throw JournalError(
                kind: .leftUnsent,
                message: failure.message + "; the deposit was taken out of the journal again, but that could not be made durable "
                    + "either (\(undoFailure.message)), so the journal may list it again after a crash"
            )
        case let .notWritten(undoFailure):
            throw JournalError(
                kind: .leftUnsent,
                message: failure.message + "; the deposit stays in the journal, as it could not be taken out again (\(undoFailure.message))"
            )
        }
    }
}
