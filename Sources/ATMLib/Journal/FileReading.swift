import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an open file to its end, a chunk at a time, as the journal and the lock table are read.
enum FileReading {
    /// What reading a file to its end gave.
    enum Outcome {
        /// The file's bytes.
        case read([UInt8])
        /// The file holds more than the limit.
        case tooLarge
        /// A `read` failed with this `errno`.
        case failed(Int32)
    }

    /// Reads `descriptor` until `read` returns 0, retrying an interrupted call, and stops once
    /// more than `limit` bytes would be kept.
    static func readToEnd(_ descriptor: Int32, limit: Int) -> Outcome {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in read(descriptor, buffer.baseAddress, buffer.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failed(errno)
            }
            if count == 0 { return .read(bytes) }
            guard bytes.count + count <= limit else { return .tooLarge }
            bytes += chunk[..<count]
        }
    }
}
