import Foundation
import Network

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The journal's folder: made with the missing folders above it, each synced into its parent;
/// synced after each rename, so that the rename survives a crash; cleaned of the temporary
/// journals of killed writers.
extension FileDepositJournal {
    /// Syncs the folder, so that the rename itself survives a crash; the failure, if any.
    func syncFolder(_ file: JournalFile) -> JournalError? {
        syncFolder(at: file.folder).map { .inputOutput(path, "sync the folder of", errno: $0) }
    }

    /// Syncs the folder at `folder` through ``system``; the `errno` of the failure, if any.
    private func syncFolder(at folder: String) -> Int32? {
        let descriptor = SystemBytes.withCString(folder) { open($0, O_RDONLY | O_CLOEXEC | O_DIRECTORY | O_NONBLOCK) }
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        return system.fsyncFolder(descriptor) == 0 ? nil : errno
    }

    /// Removes the temporary journals of writers that were killed: with the lock held, no
    /// temporary journal belongs to a live writer.
    func removeStaleTemporaries(of file: JournalFile) {
        for entry in Self.entries(of: file.folder) where file.isTemporary(entry) {
            Self.unlink("\(file.folder)/\(entry)")
        }
    }

    /// The names in a folder, as ``Network/SystemBytes`` text of the bytes the system gives.
    private static func entries(of folder: String) -> [String] {
        guard let directory = SystemBytes.withCString(folder, { opendir($0) }) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                SystemBytes.text(raw.prefix { $0 != 0 })
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Removes a file named by ``Network/SystemBytes`` text.
    static func unlink(_ path: String) {
        _ = SystemBytes.withCString(path) { Foundation.unlink($0) }
    }

    /// Creates the journal's folder and the missing folders above it, readable by the user only;
    /// a failure names the folder that could not be made and why (`Permission denied`).
    func makeFolder(_ folder: String) throws(JournalError) {
        var made = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            let parent = made.isEmpty ? "/" : made
            made += "/" + component
            guard SystemBytes.withCString(made, { mkdir($0, 0o700) }) != 0 else {
                // A new folder is durable once its parent is: without this, a crash after the
                // first record could lose the folder and the journal in it.
                if let code = syncFolder(at: parent) {
                    throw JournalError(
                        kind: .inputOutput,
                        message: "cannot sync the folder \(parent), in which the folder \(made) of the deposit journal \(path) "
                            + "was created: \(JournalError.errorText(code))"
                    )
                }
                continue
            }
            var code = errno
            if code == EEXIST {
                var status = stat()
                guard SystemBytes.withCString(made, { stat($0, &status) }) != 0 || (status.st_mode & S_IFMT) != S_IFDIR else { continue }
                code = ENOTDIR
            }
            throw JournalError(
                kind: .inputOutput,
                message: "cannot create the folder \(made) of the deposit journal \(path): \(JournalError.errorText(code))"
            )
        }
    }
}
