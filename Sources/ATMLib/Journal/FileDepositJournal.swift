import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A deposit journal in a JSON file, safe against crashes and shared by processes.
///
/// Every change rewrites the whole file through a temporary file that is synced to disk and
/// then renamed over the journal (and the folder is synced too), so the file is always either
/// the old journal or the new one, whatever moment the process is killed. An exclusive `flock`
/// on `<journal>.lock` serialises processes that share the journal. The file is
///
/// ```json
/// {"pending": [{"account": "alice", "amount_cents": 4500, "bank_url": "http://127.0.0.1:8080",
///   "bills": [20, 20, 5], "idempotency_key": "…", "recorded_at": "2026-11-22T21:00:00Z"}], "version": 1}
/// ```
///
/// A file that is not such a journal is reported as corrupt and never overwritten.
public final class FileDepositJournal: DepositJournal {
    /// The journal file.
    public let path: String

    /// The version of the file format this journal reads and writes.
    public static let formatVersion = 1

    /// Creates a journal in a file; nothing is read or written until the first operation.
    ///
    /// - Parameter location: The journal file; its folder is created when needed.
    public init(location: JournalLocation) {
        self.path = location.path
    }

    /// The journal file.
    public var location: String { path }

    /// Records a deposit before it is sent; a deposit with the same key is replaced.
    public func record(_ deposit: PendingDeposit) throws(JournalError) {
        try update { pending in
            pending.removeAll { $0.idempotencyKey == deposit.idempotencyKey }
            pending.append(deposit)
        }
    }

    /// Removes a deposit the bank confirmed or certainly did not record.
    public func remove(idempotencyKey: String) throws(JournalError) {
        try update { pending in pending.removeAll { $0.idempotencyKey == idempotencyKey } }
    }

    /// The deposits still waiting for the bank, oldest first.
    public func pendingDeposits() throws(JournalError) -> [PendingDeposit] {
        try locked { () throws(JournalError) in try read() }
    }

    // MARK: - The file

    private struct Document: Codable {
        let version: Int
        let pending: [PendingDeposit]
    }

    private func update(_ change: (inout [PendingDeposit]) -> Void) throws(JournalError) {
        try locked { () throws(JournalError) in
            var pending = try read()
            change(&pending)
            try write(pending)
        }
    }

    private func read() throws(JournalError) -> [PendingDeposit] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .inputOutput(path, "read", errno: errno == 0 ? EIO : errno)
        }
        guard !data.isEmpty else { return [] }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw .corrupt(path, "it is not the JSON of a deposit journal")
        }
        guard document.version == Self.formatVersion else {
            throw .corrupt(path, "its format version is \(document.version), not \(Self.formatVersion)")
        }
        if let bad = document.pending.first(where: { $0.amountCents <= 0 || $0.idempotencyKey.isEmpty || $0.account.isEmpty }) {
            throw .corrupt(path, "the deposit \"\(bad.idempotencyKey)\" has no key, no account or no positive amount")
        }
        return document.pending
    }

    private func write(_ pending: [PendingDeposit]) throws(JournalError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(Document(version: Self.formatVersion, pending: pending))
        } catch {
            throw JournalError(kind: .inputOutput, message: "cannot encode the deposit journal \(path): \(error)")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = "\(folder.isEmpty ? "." : folder)/.\((path as NSString).lastPathComponent).\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw .inputOutput(path, "write", errno: errno) }
        var written = 0
        let writeFailure: Int32? = data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return nil }
            while written < bytes.count {
                let result = Foundation.write(descriptor, base + written, bytes.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += result
            }
            return nil
        }
        if let writeFailure {
            close(descriptor)
            unlink(temporary)
            throw .inputOutput(path, "write", errno: writeFailure)
        }
        guard fsync(descriptor) == 0 else {
            let code = errno
            close(descriptor)
            unlink(temporary)
            throw .inputOutput(path, "sync", errno: code)
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .inputOutput(path, "replace", errno: code)
        }
        try syncFolder(folder)
    }

    /// Syncs the folder, so that the rename itself survives a crash.
    private func syncFolder(_ folder: String) throws(JournalError) {
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY)
        guard descriptor >= 0 else { throw .inputOutput(path, "sync the folder of", errno: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .inputOutput(path, "sync the folder of", errno: errno) }
    }

    /// Creates the journal's folder and the missing folders above it, readable by the user only;
    /// a failure names the folder that could not be made and why (`Permission denied`).
    private func makeFolder(_ folder: String) throws(JournalError) {
        var made = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            made += "/" + component
            guard mkdir(made, 0o700) != 0 else { continue }
            var code = errno
            if code == EEXIST {
                var status = stat()
                guard stat(made, &status) != 0 || (status.st_mode & S_IFMT) != S_IFDIR else { continue }
                code = ENOTDIR
            }
            throw JournalError(
                kind: .inputOutput,
                message: "cannot create the folder \(made) of the deposit journal \(path): \(String(cString: strerror(code)))"
            )
        }
    }

    /// Runs `body` holding an exclusive lock on `<journal>.lock`, creating the folder first.
    private func locked<T>(_ body: () throws(JournalError) -> T) throws(JournalError) -> T {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try makeFolder(folder)
        }
        let descriptor = open(path + ".lock", O_RDWR | O_CREAT, 0o600)
        guard descriptor >= 0 else { throw .inputOutput(path, "lock", errno: errno) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .inputOutput(path, "lock", errno: errno) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
