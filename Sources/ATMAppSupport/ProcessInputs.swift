import Foundation
import Network

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's arguments and environment as the bytes it was given: each is
/// ``Network/SystemBytes`` text, so that a path that is not UTF-8 (`--journal caf$'\xe9'.json`)
/// names exactly the file it names, instead of one whose name Swift repaired.
public enum ProcessInputs {
    /// Every argument, the program's name first.
    public static var arguments: [String] {
        (0..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            return SystemBytes.text(UnsafeBufferPointer(start: argument, count: strlen(argument)).map { UInt8(bitPattern: $0) })
        }
    }

    /// Every environment variable, by name; the first of a name given twice.
    public static var environment: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let bytes = UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) }
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                let name = SystemBytes.text(bytes[..<equals])
                if result[name] == nil { result[name] = SystemBytes.text(bytes[(equals + 1)...]) }
            }
            entry += 1
        }
        return result
    }
}
