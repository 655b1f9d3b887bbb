import ATMTestSupport
import Foundation
import Network
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A path argument is kept as the bytes given: a journal named in Latin-1 is that file, and no
/// other name lists its deposits.
struct PathBytesTests {
    /// The names in `folder`, as raw bytes.
    static func rawEntries(_ folder: String) -> [[UInt8]] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != Array(".".utf8), name != Array("..".utf8) { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test func aJournalPathThatIsNotUTF8IsTheFileOfThoseBytes() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("latin1-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let latin1 = Array((folder + "/caf").utf8) + [0xE9] + Array(".json".utf8)
        let journal = SystemBytes.text(latin1)
        let other = SystemBytes.text(Array((folder + "/caf").utf8) + [0xE8] + Array(".json".utf8))

        let deposit = try await CommandRunner.run("atm-dev", ["deposit", "5", "--journal", journal])
        #expect(deposit.status == 0)
        let name = Array("caf".utf8) + [0xE9] + Array(".json".utf8)
        #expect(Self.rawEntries(folder) == [name, name + Array(".claims".utf8), name + Array(".lock".utf8)])

        // Left pending (as a killed deposit would leave it), it is listed under its own name
        // alone, and a message shows the byte that is not UTF-8 as \x{E9}.
        try Data(#"{"pending":[{"account":"bob","amount_cents":500,"bank_url":"in-memory bank","bills":[5],"idempotency_key":"k-1","recorded_at":"2026-11-22T21:00:00Z"}],"version":1}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/plain.json"))
        #expect(SystemBytes.withCString(folder + "/plain.json", { from in SystemBytes.withCString(journal) { rename(from, $0) } }) == 0)
        let listed = try await CommandRunner.run("atm-dev", ["pending", "--journal", journal])
        #expect(listed == CommandRunner.Run(status: 0, output: """
            1 deposit pending in \(folder)/caf\\x{E9}.json:
              $5.00 to bob (bills 5), recorded 2026-11-22T21:00:00Z, key k-1
            Total $5.00. Run 'atm-dev sync' to complete them.

            """, error: ""))
        let elsewhere = try await CommandRunner.run("atm-dev", ["pending", "--journal", other])
        #expect(elsewhere == CommandRunner.Run(status: 0, output: "No deposits pending in \(folder)/caf\\x{E8}.json.\n", error: ""))
    }

    @Test(arguments: [["pending"], ["deposit", "5"], ["sync"]])
    func anEmptyJournalPathIsAMistakeInTheCommand(arguments: [String]) async throws {
        let run = try await CommandRunner.run("atm-dev", arguments + ["--journal", ""])
        #expect(run == CommandRunner.Run(status: 64, output: "", error: "atm-dev: --journal takes the path of a file, not an empty string\n"))
    }

    @Test func systemBytesTextTurnsBackIntoTheSameBytes() {
        let samples: [[UInt8]] = [
            Array("journal.json".utf8), [0x63, 0x61, 0x66, 0xE9], [0xFF, 0xFE, 0x80], Array("caf\u{E9}".utf8),
            // A valid character in the stand-in range is itself written byte by byte.
            Array("\u{10FEE9}".utf8), [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80],
        ]
        for bytes in samples {
            #expect(SystemBytes.bytes(SystemBytes.text(bytes)) == bytes)
        }
        #expect(SystemBytes.text(Array("caf\u{E9}".utf8)) == "caf\u{E9}")
    }
}
