import ATMLib
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Journals that share a folder never touch each other's files: a writer of `j` removes only the
/// temporaries named `.j.<pid>.tmp`, never `.j.x.<pid>.tmp` of the sibling journal `j.x`.
struct SiblingJournalTests {
    @Test func aWriterOfOneJournalLeavesTheTemporaryOfASiblingThatIsBeingWritten() throws {
        let folder = try FileDepositJournalTests.temporaryFolder()
        let journal = FileDepositJournal(location: JournalLocation(path: folder + "/j"))
        // While the sibling's new journal is written (its temporary exists), `j` records a deposit:
        // the interleaving of two processes, driven through the sibling's system calls.
        let interleaved = Mutex(false)
        let posix = JournalSystemCalls.posix
        let calls = JournalSystemCalls(
            write: { descriptor, bytes, count in
                let first = interleaved.withLock { done in defer { done = true }; return !done }
                if first { _ = try? journal.record(FileDepositJournalTests.deposit("k-j")) }
                return posix.write(descriptor, bytes, count)
            },
            fsyncFile: posix.fsyncFile, rename: posix.rename, fsyncFolder: posix.fsyncFolder
        )
        let sibling = FileDepositJournal(location: JournalLocation(path: folder + "/j.x"), system: calls)

        let claim = try sibling.record(FileDepositJournalTests.deposit("k-x"))
        claim.release()
        #expect(interleaved.withLock { $0 })
        #expect(try sibling.pendingDeposits().map(\.idempotencyKey) == ["k-x"])
        #expect(try journal.pendingDeposits().map(\.idempotencyKey) == ["k-j"])
    }

    @Test func onlyThisJournalsOwnStaleTemporariesAreRemoved() throws {
        let folder = try FileDepositJournalTests.temporaryFolder()
        let names = [".j.999999.tmp", ".j.x.999999.tmp", ".j.tmp", ".j..tmp", ".j.12a.tmp", ".j.x.tmp"]
        for name in names {
            #expect(FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data("x".utf8)))
        }
        try FileDepositJournal(location: JournalLocation(path: folder + "/j")).record(FileDepositJournalTests.deposit("k-1")).release()
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }
        #expect(Set(left) == Set(names.dropFirst()))
    }

    @Test(arguments: ["j.lock", "j.claims", ".j.1.tmp"])
    func aJournalNamedAsAJournalsOwnFilesIsRefused(name: String) throws {
        let folder = try FileDepositJournalTests.temporaryFolder()
        let path = "\(folder)/\(name)"
        let error = try #require(throws: JournalError.self) { try FileDepositJournal(opening: JournalLocation(path: path)) }
        let suffix = name.hasSuffix(".tmp") ? ".tmp" : name.hasSuffix(".lock") ? ".lock" : ".claims"
        #expect(error.message == "the deposit journal \(path) ends in \(suffix), as the files a journal keeps beside itself do: "
            + "give the journal another name, such as journal.json")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// The message names the file at fault, which is not the journal itself.
    @Test(arguments: [("j.lock", "folder"), ("j.claims", "folder"), ("j.lock", "link"), ("j.claims", "link")])
    func aFolderOrALinkPlantedBesideTheJournalIsNamed(name: String, kind: String) throws {
        let folder = try FileDepositJournalTests.temporaryFolder()
        if kind == "folder" {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(name)", withIntermediateDirectories: false)
        } else {
            try FileManager.default.createSymbolicLink(atPath: "\(folder)/\(name)", withDestinationPath: "\(folder)/elsewhere")
        }
        let journal = FileDepositJournal(location: JournalLocation(path: folder + "/j"))
        let error = try #require(throws: JournalError.self) { try journal.record(FileDepositJournalTests.deposit("k-1")) }
        let verb = name == "j.lock" ? "lock" : "claim a deposit in"
        let reason = kind == "folder" ? "Is a directory" : "Too many levels of symbolic links"
        #expect(error.message == "cannot \(verb) the deposit journal \(folder)/j: \(folder)/\(name): \(reason); remove it")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/elsewhere"))
    }

    @Test(arguments: ["j.lock", "j.claims"])
    func aFIFOPlantedBesideTheJournalIsRefusedNeverWaitedOn(name: String) throws {
        let folder = try FileDepositJournalTests.temporaryFolder()
        #expect(mkfifo("\(folder)/\(name)", 0o600) == 0)
        let journal = FileDepositJournal(location: JournalLocation(path: folder + "/j"))
        let error = try #require(throws: JournalError.self) { try journal.record(FileDepositJournalTests.deposit("k-1")) }
        let verb = name == "j.lock" ? "lock" : "claim a deposit in"
        #expect(error.message == "cannot \(verb) the deposit journal \(folder)/j: \(folder)/\(name) is not a file; remove it")
    }
}
