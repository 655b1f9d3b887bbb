import Foundation
import Network

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a small regular file without ever blocking: opened with `O_NONBLOCK`, its type checked
/// with `fstat` before any read, its size bounded.
enum SafeFileReader {
    /// Why a file was not read.
    struct Problem: Error, CustomStringConvertible {
        /// What is wrong with the file, after its name: `cannot be read: No such file or directory`.
        let description: String
    }

    /// The file's bytes, or why they were not read.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - maximumBytes: The most it may hold.
    static func read(_ path: String, maximumBytes: Int) -> Result<[UInt8], Problem> {
        let descriptor = SystemBytes.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        guard descriptor >= 0 else { return .failure(Problem(description: "cannot be read: \(String(cString: strerror(errno)))")) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(Problem(description: "cannot be read: \(String(cString: strerror(errno)))")) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(Problem(description: "is a folder, not a file"))
        case S_IFIFO: return .failure(Problem(description: "is a FIFO, not a file"))
        case S_IFSOCK: return .failure(Problem(description: "is a socket, not a file"))
        default: return .failure(Problem(description: "is a device, not a file"))
        }
        guard status.st_size <= maximumBytes else {
            return .failure(Problem(description: "is larger than \(maximumBytes >> 20) MiB"))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in Foundation.read(descriptor, buffer.baseAddress, buffer.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Problem(description: "cannot be read: \(String(cString: strerror(errno)))"))
            }
            if count == 0 { return .success(bytes) }
            guard bytes.count + count <= maximumBytes else { return .failure(Problem(description: "is larger than \(maximumBytes >> 20) MiB")) }
            bytes += chunk[..<count]
        }
    }
}
