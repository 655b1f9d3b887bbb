import Network

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The calls through which ``FileDepositJournal`` makes a change durable: writing the new
/// journal, syncing it, renaming it into place and syncing its folder. Tests replace them to
/// inject the failures of a failing disk (`EIO`, `ENOSPC`) at each step; the app always uses
/// ``posix``. Each call returns what its POSIX namesake returns and sets `errno` the same way.
package struct JournalSystemCalls: Sendable {
    /// `write(2)`: the descriptor, the bytes, their count.
    package var write: @Sendable (Int32, UnsafeRawPointer, Int) -> Int
    /// `fsync(2)` of the new journal's descriptor.
    package var fsyncFile: @Sendable (Int32) -> Int32
    /// `rename(2)` of the new journal over the journal.
    package var rename: @Sendable (String, String) -> Int32
    /// `fsync(2)` of the journal's folder's descriptor.
    package var fsyncFolder: @Sendable (Int32) -> Int32

    /// Creates calls.
    package init(
        write: @escaping @Sendable (Int32, UnsafeRawPointer, Int) -> Int,
        fsyncFile: @escaping @Sendable (Int32) -> Int32,
        rename: @escaping @Sendable (String, String) -> Int32,
        fsyncFolder: @escaping @Sendable (Int32) -> Int32
    ) {
        self.write = write
        self.fsyncFile = fsyncFile
        self.rename = rename
        self.fsyncFolder = fsyncFolder
    }

    /// The operating system's calls.
    package static let posix = JournalSystemCalls(
        write: { descriptor, bytes, count in
            #if canImport(Darwin)
            Darwin.write(descriptor, bytes, count)
            #elseif canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
            #else
            Musl.write(descriptor, bytes, count)
            #endif
        },
        fsyncFile: { durableSync($0) },
        rename: { from, to in
            // The paths are SystemBytes text: the bytes the journal was given.
            SystemBytes.withCString(from) { from in
                SystemBytes.withCString(to) { to in
                    #if canImport(Darwin)
                    Darwin.rename(from, to)
                    #elseif canImport(Glibc)
                    Glibc.rename(from, to)
                    #else
                    Musl.rename(from, to)
                    #endif
                }
            }
        },
        fsyncFolder: { durableSync($0) }
    )

    /// Syncs a file or a folder to the disk itself. On Darwin, `fsync` leaves the data in the
    /// drive's write cache, where a power loss can drop it after the rename it was meant to
    /// precede; `F_FULLFSYNC` flushes the cache, and where the file system does not support it,
    /// `fsync` is what there is.
    private static func durableSync(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
        #endif
        return fsync(descriptor)
    }
}
