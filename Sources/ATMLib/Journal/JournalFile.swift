import Network

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of a journal, once its path is resolved: the journal itself (the file a symbolic
/// link points to, when the path is a link, so that both names share one journal and one lock),
/// its folder, and the files beside it.
struct JournalFile {
    /// The journal file.
    let path: String
    /// Its folder: `.` for a bare file name.
    let folder: String
    /// Its name within the folder.
    let name: String

    /// The file whose `flock` serialises changes to the journal.
    var lockPath: String { path + ".lock" }
    /// The file whose byte-range locks are the claims on deposits.
    var claimsPath: String { path + ".claims" }
    /// The new journal, written and synced before it is renamed over the journal.
    var temporaryPath: String { "\(folder)/.\(name).\(getpid()).tmp" }

    /// Whether a file in the folder is one of this journal's temporary journals: named exactly
    /// `.<name>.<process id>.tmp` (so `.j.x.123.tmp`, a temporary of the sibling journal `j.x`,
    /// is not one of `j`'s), a regular file, and owned by this user.
    func isTemporary(_ entry: String) -> Bool {
        let prefix = ".\(name)."
        guard entry.hasPrefix(prefix), entry.hasSuffix(".tmp"), entry.utf8.count > prefix.utf8.count + 4 else { return false }
        let processID = entry.utf8.dropFirst(prefix.utf8.count).dropLast(4)
        guard !processID.isEmpty, processID.count <= 10, processID.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return false
        }
        var status = stat()
        guard SystemBytes.withCString("\(folder)/\(entry)", { lstat($0, &status) }) == 0 else { return false }
        return status.st_mode & S_IFMT == S_IFREG && status.st_uid == geteuid()
    }

    /// The endings of the files a journal keeps beside itself: a journal may not be named so, or
    /// its files and another journal's would be one.
    static let reservedSuffixes = [".lock", ".claims", ".tmp"]

    /// Resolves a journal path: follows symbolic links (at most 32), and refuses a path that
    /// names a folder, a FIFO, a socket or a device.
    ///
    /// - Parameter given: The path the journal was given.
    /// - Throws: ``JournalError`` that names the path and what it is.
    init(resolving given: String) throws(JournalError) {
        guard !given.isEmpty else {
            throw JournalError(kind: .inputOutput, message: "the deposit journal's path is empty: give the path of a file")
        }
        try Self.checkName(given, given: given)
        var current = given
        for _ in 0..<32 {
            guard !current.hasSuffix("/") else {
                throw Self.notAFile(given, "a folder")
            }
            var status = stat()
            guard SystemBytes.withCString(current, { lstat($0, &status) }) == 0 else {
                let code = errno
                // A missing file, or a folder on the way that is not one: the first write reports which.
                guard code == ENOENT || code == ENOTDIR else { throw .inputOutput(given, "open", errno: code) }
                try Self.checkName(current, given: given)
                self.init(split: current)
                return
            }
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                try Self.checkName(current, given: given)
                self.init(split: current)
                return
            case S_IFLNK:
                current = try Self.target(of: current, given: given)
            case S_IFDIR:
                throw Self.notAFile(given, "a folder")
            case S_IFIFO:
                throw Self.notAFile(given, "a FIFO")
            case S_IFSOCK:
                throw Self.notAFile(given, "a socket")
            default:
                throw Self.notAFile(given, "a device")
            }
        }
        throw .inputOutput(given, "open", errno: ELOOP)
    }

    private init(split path: String) {
        self.path = path
        if let slash = path.lastIndex(of: "/") {
            let folder = String(path[..<slash])
            self.folder = folder.isEmpty ? "/" : folder
            self.name = String(path[path.index(after: slash)...])
        } else {
            self.folder = "."
            self.name = path
        }
    }

    /// Where a symbolic link points, relative to the link's folder when the target is relative.
    private static func target(of link: String, given: String) throws(JournalError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = SystemBytes.withCString(link) { readlink($0, &buffer, buffer.count - 1) }
        guard count >= 0 else { throw .inputOutput(given, "open", errno: errno) }
        let target = SystemBytes.text(buffer[..<count].map { UInt8(bitPattern: $0) })
        guard !target.hasPrefix("/"), let slash = link.lastIndex(of: "/") else { return target }
        return String(link[...slash]) + target
    }

    /// Refuses a journal named as the files a journal keeps beside itself (`j.lock`), directly
    /// or through a link.
    private static func checkName(_ path: String, given: String) throws(JournalError) {
        guard let suffix = reservedSuffixes.first(where: { path.hasSuffix($0) }) else { return }
        throw JournalError(
            kind: .inputOutput,
            message: "the deposit journal \(given) ends in \(suffix), as the files a journal keeps beside itself do: "
                + "give the journal another name, such as journal.json"
        )
    }

    private static func notAFile(_ path: String, _ what: String) -> JournalError {
        JournalError(
            kind: .inputOutput,
            message: "the deposit journal \(path) is \(what), not a file: give --journal the path of a file (it is created when needed)"
        )
    }
}
