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

    /// Whether a file in the folder is a temporary journal left by a writer that was killed.
    func isTemporary(_ entry: String) -> Bool {
        entry.hasPrefix(".\(name).") && entry.hasSuffix(".tmp") && entry.count > name.count + 5
    }

    /// Resolves a journal path: follows symbolic links (at most 32), and refuses a path that
    /// names a folder, a FIFO, a socket or a device.
    ///
    /// - Parameter given: The path the journal was given.
    /// - Throws: ``JournalError`` that names the path and what it is.
    init(resolving given: String) throws(JournalError) {
        guard !given.isEmpty else {
            throw JournalError(kind: .inputOutput, message: "the deposit journal's path is empty: give the path of a file")
        }
        var current = given
        for _ in 0..<32 {
            guard !current.hasSuffix("/") else {
                throw Self.notAFile(given, "a folder")
            }
            var status = stat()
            guard lstat(current, &status) == 0 else {
                let code = errno
                // A missing file, or a folder on the way that is not one: the first write reports which.
                guard code == ENOENT || code == ENOTDIR else { throw .inputOutput(given, "open", errno: code) }
                self.init(split: current)
                return
            }
            switch status.st_mode & S_IFMT {
            case S_IFREG:
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
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count >= 0 else { throw .inputOutput(given, "open", errno: errno) }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard !target.hasPrefix("/"), let slash = link.lastIndex(of: "/") else { return target }
        return String(link[...slash]) + target
    }

    private static func notAFile(_ path: String, _ what: String) -> JournalError {
        JournalError(
            kind: .inputOutput,
            message: "the deposit journal \(path) is \(what), not a file: give --journal the path of a file (it is created when needed)"
        )
    }
}
