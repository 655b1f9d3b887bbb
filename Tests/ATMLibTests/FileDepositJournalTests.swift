import ATMLib
import Foundation
import Testing

/// The file journal: durable records, a clear error for a corrupt file, shared by processes.
struct FileDepositJournalTests {
    @Test func aMissingFileIsAnEmptyJournalAndTheFolderIsCreatedOnTheFirstRecord() throws {
        let folder = try Self.temporaryFolder()
        let journal = FileDepositJournal(location: JournalLocation(path: "\(folder)/state/atm/journal.json"))
        #expect(try journal.pendingDeposits().isEmpty)
        try journal.record(Self.deposit("k-1"))
        #expect(try journal.pendingDeposits() == [Self.deposit("k-1")])
        #expect(FileManager.default.fileExists(atPath: "\(folder)/state/atm/journal.json"))
    }

    @Test func recordsSurviveANewJournalOnTheSameFileAndRemovingLeavesTheOthers() throws {
        let path = try Self.temporaryFolder() + "/journal.json"
        try FileDepositJournal(location: JournalLocation(path: path)).record(Self.deposit("k-1"))
        try FileDepositJournal(location: JournalLocation(path: path)).record(Self.deposit("k-2"))
        let reopened = FileDepositJournal(location: JournalLocation(path: path))
        #expect(try reopened.pendingDeposits().map(\.idempotencyKey) == ["k-1", "k-2"])
        guard case let .claimed(claim) = try reopened.claim(Self.deposit("k-1")) else {
            Issue.record("k-1 could not be claimed")
            return
        }
        try reopened.remove(claim)
        #expect(try FileDepositJournal(location: JournalLocation(path: path)).pendingDeposits().map(\.idempotencyKey) == ["k-2"])
    }

    @Test func theFileIsTheDocumentedJSON() throws {
        let path = try Self.temporaryFolder() + "/journal.json"
        try FileDepositJournal(location: JournalLocation(path: path)).record(Self.deposit("k-1"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == """
            {"pending":[{"account":"alice","amount_cents":4500,"bank_url":"http://127.0.0.1:8080","bills":[20,20,5],"idempotency_key":"k-1","recorded_at":"2026-11-22T21:00:00Z"}],"version":1}
            """)
    }

    @Test(arguments: [
        ("", "it is empty, which this ATM never writes"),
        ("not json", "it is not the JSON of a deposit journal"),
        (#"{"version":2,"pending":[]}"#, "its format version is 2, not 1"),
        (#"{"version":1,"pending":[{"account":"a","amount_cents":0,"bank_url":"u","bills":[],"idempotency_key":"k","recorded_at":"t"}]}"#,
         "the deposit \"k\" has an amount of 0 cents, outside 1 to 250000"),
        (#"{"version":1,"pending":[{"account":"a","amount_cents":9223372036854775807,"bank_url":"u","bills":[],"idempotency_key":"k","recorded_at":"t"}]}"#,
         "the deposit \"k\" has an amount of 9223372036854775807 cents, outside 1 to 250000"),
        (#"{"version":1,"pending":[{"account":"","amount_cents":5,"bank_url":"u","bills":[],"idempotency_key":"k","recorded_at":"t"}]}"#,
         "the deposit \"k\" has no account or no bank"),
        (#"{"version":1,"pending":[{"account":"a","amount_cents":5,"bank_url":"u","bills":[],"idempotency_key":"k\nk","recorded_at":"t"}]}"#,
         "a deposit's idempotency key is empty, longer than 255 bytes or not printable ASCII"),
        (#"{"version":1,"pending":[{"account":"a","amount_cents":1e400,"bank_url":"u","bills":[],"idempotency_key":"k","recorded_at":"t"}]}"#,
         "it is not the JSON of a deposit journal"),
        // One claim and one removal per key: a sync would settle both as one.
        (#"{"version":1,"pending":[{"account":"a","amount_cents":500,"bank_url":"u","bills":[5],"idempotency_key":"k","recorded_at":"t"},"#
            + #"{"account":"a","amount_cents":1000,"bank_url":"u","bills":[10],"idempotency_key":"k","recorded_at":"t"}]}"#,
         "it lists two deposits under the idempotency key \"k\", which this ATM never writes"),
        // The amount sent is the sum of the bills listed: `pending` would show one, sync send the other.
        (#"{"version":1,"pending":[{"account":"a","amount_cents":100,"bank_url":"u","bills":[20],"idempotency_key":"k","recorded_at":"t"}]}"#,
         "the deposit \"k\" has an amount of 100 cents, but its bills add up to 2000 cents"),
        (#"{"version":1,"pending":[{"account":"a","amount_cents":100,"bank_url":"u","bills":[],"idempotency_key":"k","recorded_at":"t"}]}"#,
         "the deposit \"k\" has an amount of 100 cents, but its bills add up to 0 cents"),
        (#"{"version":1,"pending":[{"account":"a","amount_cents":250000,"bank_url":"u","bills":[\#(Array(repeating: "100", count: 25).joined(separator: ",")),1],"idempotency_key":"k","recorded_at":"t"}]}"#,
         "the deposit \"k\" has an amount of 250000 cents, but its bills add up to more than 250000 cents"),
        (#"{"version":1,"pending":[{"account":"a","amount_cents":100,"bank_url":"u","bills":[2,-1],"idempotency_key":"k","recorded_at":"t"}]}"#,
         "the deposit \"k\" lists a bill of -1 dollars, which this ATM does not take"),
        (#"{"version":1,"pending":[{"account":"a","amount_cents":100,"bank_url":"u","bills":[92233720368547759],"idempotency_key":"k","recorded_at":"t"}]}"#,
         "the deposit \"k\" lists a bill of 92233720368547759 dollars, which this ATM does not take"),
    ])
    func aCorruptJournalIsReportedAndLeftAsItIs(contents: String, detail: String) throws {
        let path = try Self.temporaryFolder() + "/journal.json"
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        let journal = FileDepositJournal(location: JournalLocation(path: path))
        let error = try #require(throws: JournalError.self) { try journal.record(Self.deposit("k-1")) }
        #expect(error.kind == .corrupt)
        #expect(error.message == "the deposit journal \(path) is corrupt (\(detail)); it was left as it is: move it aside to start a new journal, and reconcile the deposits it lists with the bank")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == contents)
    }

    @Test func aJournalInAFolderThatCannotBeCreatedFailsClearly() throws {
        let folder = try Self.temporaryFolder()
        try "a file".write(toFile: folder + "/blocker", atomically: true, encoding: .utf8)
        let journal = FileDepositJournal(location: JournalLocation(path: folder + "/blocker/journal.json"))
        let error = try #require(throws: JournalError.self) { try journal.record(Self.deposit("k-1")) }
        #expect(error.kind == .inputOutput)
        #expect(error.message == "cannot create the folder \(folder)/blocker of the deposit journal \(folder)/blocker/journal.json: Not a directory")
    }

    @Test func concurrentWritersSharingTheFileLoseNothing() async throws {
        let path = try Self.temporaryFolder() + "/journal.json"
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    // A journal per task, as separate processes would have.
                    _ = try? FileDepositJournal(location: JournalLocation(path: path)).record(Self.deposit("k-\(index)"))
                }
            }
        }
        let keys = try FileDepositJournal(location: JournalLocation(path: path)).pendingDeposits().map(\.idempotencyKey)
        #expect(Set(keys) == Set((0..<40).map { "k-\($0)" }))
    }

    @Test func theDefaultLocationFollowsXDGStateHomeThenHome() {
        #expect(JournalLocation.defaultLocation(application: "atm", environment: ["XDG_STATE_HOME": "/state", "HOME": "/home/a"])?.path == "/state/atm/journal.json")
        #expect(JournalLocation.defaultLocation(application: "atm-dev", environment: ["HOME": "/home/a"])?.path == "/home/a/.local/state/atm-dev/journal.json")
        #expect(JournalLocation.defaultLocation(application: "atm", environment: [:]) == nil)
        // Relative paths would make the journal depend on the current folder.
        #expect(JournalLocation.defaultLocation(application: "atm", environment: ["XDG_STATE_HOME": "state", "HOME": "/home/a"])?.path == "/home/a/.local/state/atm/journal.json")
        #expect(JournalLocation.defaultLocation(application: "atm", environment: ["HOME": "home"]) == nil)
    }

    static func deposit(_ key: String) -> PendingDeposit {
        PendingDeposit(idempotencyKey: key, account: "alice", amountCents: 4500, bills: [20, 20, 5], bankURL: "http://127.0.0.1:8080", recordedAt: "2026-11-22T21:00:00Z")
    }

    static func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// Reading and writing share one limit: a deposit that would make the journal larger than it can
/// read is refused before anything is written.
struct FileDepositJournalLimitTests {
    @Test func aDepositThatWouldOutgrowWhatTheJournalReadsIsRefusedAndTheJournalIsLeftAsItWas() throws {
        let path = try FileDepositJournalTests.temporaryFolder() + "/journal.json"
        let bytes = try Self.writeJournal(at: path, leaving: 100)
        let journal = FileDepositJournal(location: JournalLocation(path: path))
        #expect(try journal.pendingDeposits().count == 1)

        let error = try #require(throws: JournalError.self) { try journal.record(FileDepositJournalTests.deposit("k-new")) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let grown = bytes.count + 1 + (try encoder.encode(FileDepositJournalTests.deposit("k-new")).count)
        #expect(error == JournalError(
            kind: .full,
            message: "the deposit journal \(path) is full: with this deposit it would be \(grown) bytes, more than the 16 MiB it can read"
        ))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(try journal.pendingDeposits().map(\.idempotencyKey) == ["k-big"])
        // Nothing holds the refused deposit's claim.
        let claim = try #require(try Self.claimed(journal.claim(FileDepositJournalTests.deposit("k-big"))))
        claim.release()
    }

    /// Writes a journal of one deposit, `room` bytes short of the limit; its bytes.
    @discardableResult
    static func writeJournal(at path: String, leaving room: Int, bankURL: String = "http://127.0.0.1:8080") throws -> Data {
        func document(_ account: String) -> String {
            #"{"pending":[{"account":"\#(account)","amount_cents":100,"bank_url":"\#(bankURL)","bills":[1],"idempotency_key":"k-big","recorded_at":"2026-11-22T21:00:00Z"}],"version":1}"#
        }
        let padding = FileDepositJournal.maximumFileSize - room - document("").utf8.count
        let data = Data(document(String(repeating: "a", count: padding)).utf8)
        try data.write(to: URL(fileURLWithPath: path))
        return data
    }

    private static func claimed(_ attempt: ClaimAttempt) -> DepositClaim? {
        if case let .claimed(claim) = attempt { claim } else { nil }
    }
}
