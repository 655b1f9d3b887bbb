import ATMTestSupport
import Foundation
import Testing

/// What the built executables link: `atm-dev` never reaches libcurl (the framework layer is not
/// in its build), `atm` does. Read from the binaries themselves, with the platform's own tool.
struct LinkageTests {
    @Test func atmDevDoesNotLinkLibcurl() throws {
        let linkage = try Self.linkedLibraries(of: "atm-dev")
        #expect(linkage.status == 0)
        #expect(!linkage.libraries.isEmpty)
        let curl: [String] = linkage.libraries.filter { (library: String) in library.contains("libcurl") }
        #expect(curl == [])
    }

    @Test func atmLinksLibcurl() throws {
        let linkage = try Self.linkedLibraries(of: "atm")
        #expect(linkage.status == 0)
        let curl = linkage.libraries.filter { $0.contains("libcurl") }
        #expect(curl.count == 1)
        #if os(Linux)
        #expect(curl.first?.hasPrefix("libcurl.so.4 => ") == true)
        #else
        #expect(curl.first?.contains("libcurl.4.dylib") == true)
        #endif
    }

    /// The dynamic libraries a product of this package needs, one line each, as `ldd` (Linux)
    /// or `otool -L` (Apple platforms) lists them.
    static func linkedLibraries(of product: String) throws -> (status: Int32, libraries: [String]) {
        let binary = CommandRunner.productsDirectory + "/" + product
        let process = Process()
        #if os(Linux)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        process.arguments = [binary]
        #else
        process.executableURL = URL(fileURLWithPath: "/usr/bin/otool")
        process.arguments = ["-L", binary]
        #endif
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #if os(Linux)
        return (process.terminationStatus, lines)
        #else
        return (process.terminationStatus, Array(lines.dropFirst()))  // otool's first line names the binary
        #endif
    }
}
