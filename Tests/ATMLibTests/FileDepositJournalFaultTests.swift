import ATMLib
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file journal on a failing disk and in a hostile folder: each step of a durable write
/// fails in turn, and the journal is then exactly as the error says; links planted at its
/// names are never written through; a folder, a FIFO or a stuck lock holder is reported, never
/// waited on forever.
struct FileDepositJournalFaultTests {
    @Test(arguments: [
        (Fault.write, "cannot write the deposit journal PATH: No space left on device"),
        (Fault.fsyncFile, "cannot sync the deposit journal PATH: Input/output error"),
        (Fault.rename, "cannot replace the deposit journal PATH: Input/output error"),
    ])
    func aWriteThatFailsBeforeTheRenameLeavesTheJournalAsItWas(fault: Fault, message: String) throws {
        let path = try FileDepositJournalTests.temporaryFolder() + "/journal.json"
        try FileDepositJournal(location: JournalLocation(path: path)).record(FileDepositJournalTests.deposit("k-1"))
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let injector = FaultInjector(failing: [fault: 1])
        let journal = FileDepositJournal(location: JournalLocation(path: path), system: injector.calls)

        let error = try #require(throws: JournalError.self) { try journal.record(FileDepositJournalTests.deposit("k-2")) }
        #expect(error.kind == .inputOutput)
        #expect(error.message == message.replacingOccurrences(of: "PATH", with: path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
        #expect(try Self.entries(besides: path) == ["journal.json", "journal.json.claims", "journal.json.lock"])
        // The failed deposit is not claimed: nothing holds it, and it is not in the journal.
        #expect(try journal.pendingDeposits().map(\.idempotencyKey) == ["k-1"])
    }

    @Test func aFolderSyncThatFailsAfterTheRenameTakesTheDepositOutAgain() throws {
        let path = try FileDepositJournalTests.temporaryFolder() + "/journal.json"
        let injector = FaultInjector(failing: [.fsyncFolder: 1])
        let journal = FileDepositJournal(location: JournalLocation(path: path), system: injector.calls)

        let error = try #require(throws: JournalError.self) { try journal.record(FileDepositJournalTests.deposit("k-1")) }
        #expect(error.kind == .inputOutput)
        #expect(error.message == "cannot sync the folder of the deposit journal \(path): Input/output error; the deposit was taken out of the journal again")
        #expect(try journal.pendingDeposits().isEmpty)
    }

    @Test func aRecordThatCanBeNeitherMadeDurableNorUndoneIsLeftUnsent() throws {
        let path = try FileDepositJournalTests.temporaryFolder() + "/journal.json"
        // The folder sync of the record fails, then the file sync of the undo.
        let injector = FaultInjector(failing: [.fsyncFolder: 1], thenFailing: [.fsyncFile: 1])
        let journal = FileDepositJournal(location: JournalLocation(path: path), system: injector.calls)

        let error = try #require(throws: JournalError.self) { try journal.record(FileDepositJournalTests.deposit("k-1")) }
        #expect(error.kind == .leftUnsent)
        #expect(error.message == "cannot sync the folder of the deposit journal \(path): Input/output error; the deposit stays in the journal, "
            + "as it could not be taken out again (cannot sync the deposit journal \(path): Input/output error)")
        #expect(try journal.pendingDeposits().map(\.idempotencyKey) == ["k-1"])
    }

    /// The undo is in place but not durable either: after a crash the folder may hold the
    /// record, so the outcome is left to a sync (`leftUnsent`), never called "not recorded".
    @Test func aRecordWhoseUndoCannotBeMadeDurableEitherIsLeftUnsent() throws {
        let path = try FileDepositJournalTests.temporaryFolder() + "/journal.json"
        let injector = FaultInjector(failing: [.fsyncFolder: 2])
        let journal = FileDepositJournal(location: JournalLocation(path: path), system: injector.calls)

        let error = try #require(throws: JournalError.self) { try journal.record(FileDepositJournalTests.deposit("k-1")) }
        #expect(error.kind == .leftUnsent)
        #expect(error.message == "cannot sync the folder of the deposit journal \(path): Input/output error; the deposit was taken out of "
            + "the journal again, but that could not be made durable either (cannot sync the folder of the deposit journal \(path): "
            + "Input/output error), so the journal may list it again after a crash")
        #expect(try journal.pendingDeposits().isEmpty)
    }

    /// The folder a first record creates is synced into its parent before anything is written.
    @Test func aNewFolderThatCannotBeMadeDurableRecordsNothing() throws {
        let folder = try FileDepositJournalTests.temporaryFolder()
        let path = folder + "/atm/journal.json"
        let injector = FaultInjector(failing: [.fsyncFolder: 1])
        let journal = FileDepositJournal(location: JournalLocation(path: path), system: injector.calls)

        let error = try #require(throws: JournalError.self) { try journal.record(FileDepositJournalTests.deposit("k-1")) }
        #expect(error.kind == .inputOutput)
        #expect(error.message == "cannot sync the folder \(folder), in which the folder \(folder)/atm of the deposit journal \(path) "
            + "was created: Input/output error")
        #expect(!FileManager.default.fileExists(atPath: path))
        // The next record, with the folder in place, syncs no new folder.
        #expect(try journal.record(FileDepositJournalTests.deposit("k-2")).deposit.idempotencyKey == "k-2")
    }

    @Test func aRemovalWhoseFolderSyncFailsHasStillTakenTheDepositOut() throws {
        let path = try FileDepositJournalTests.temporaryFolder() + "/journal.json"
        let injector = FaultInjector(failing: [:], thenFailing: [.fsyncFolder: 1])
        let journal = FileDepositJournal(location: JournalLocation(path: path), system: injector.calls)
        let claim = try journal.record(FileDepositJournalTests.deposit("k-1"))
        injector.advance()
        try journal.remove(claim)
        #expect(try journal.pendingDeposits().isEmpty)
    }

    @Test func aDurableRemovalWhoseFolderSyncFailsSaysTheJournalMayListTheDepositAgain() throws {
        let path = try FileDepositJournalTests.temporaryFolder() + "/journal.json"
        let injector = FaultInjector(failing: [:], thenFailing: [.fsyncFolder: 1])
        let journal = FileDepositJournal(location: JournalLocation(path: path), system: injector.calls)
        let claim = try journal.record(FileDepositJournalTests.deposit("k-1"))
        injector.advance()
        let error = try #require(throws: JournalError.self) { try journal.removeDurably(claim) }
        #expect(error.kind == .leftUnsent)
        #expect(error.message == "cannot sync the folder of the deposit journal \(path): Input/output error, "
            + "so the journal may list the deposit again after a crash")
        #expect(try journal.pendingDeposits().isEmpty)
    }

    @Test func aLinkPlantedAtTheTemporaryFileIsRemovedNotWrittenThrough() throws {
        let folder = try FileDepositJournalTests.temporaryFolder()
        let target = folder + "/precious"
        try "precious".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/.journal.json.\(getpid()).tmp", withDestinationPath: target)

        try FileDepositJournal(location: JournalLocation(path: folder + "/journal.json")).record(FileDepositJournalTests.deposit("k-1"))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
        #expect(try FileDepositJournal(location: JournalLocation(path: folder + "/journal.json")).pendingDeposits().count == 1)
        #expect(try Self.entries(besides: folder + "/journal.json") == ["journal.json", "journal.json.claims", "journal.json.lock", "precious"])
    }

    @Test func temporaryFilesLeftByKilledWritersAreRemovedByTheNextWrite() throws {
        let folder = try FileDepositJournalTests.temporaryFolder()
        for pid in [4_000_001, 4_000_002] {
            try "half a journal".write(toFile: "\(folder)/.journal.json.\(pid).tmp", atomically: false, encoding: .utf8)
        }
        try "someone else's".write(toFile: "\(folder)/.other.json.5.tmp", atomically: false, encoding: .utf8)
        try FileDepositJournal(location: JournalLocation(path: folder + "/journal.json")).record(FileDepositJournalTests.deposit("k-1"))
        #expect(try Self.entries(besides: folder + "/journal.json") == [".other.json.5.tmp", "journal.json", "journal.json.claims", "journal.json.lock"])
    }

    @Test func aJournalThatIsALinkStaysALinkAndSharesTheLockOfItsTarget() throws {
        let folder = try FileDepositJournalTests.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/journal.json", withDestinationPath: "real/journal.json")

        try FileDepositJournal(location: JournalLocation(path: folder + "/journal.json")).record(FileDepositJournalTests.deposit("k-1"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/journal.json") == "real/journal.json")
        #expect(try FileDepositJournal(location: JournalLocation(path: folder + "/real/journal.json")).pendingDeposits().count == 1)
        #expect(try Self.entries(besides: folder + "/real/journal.json") == ["journal.json", "journal.json.claims", "journal.json.lock"])
        #expect(try Self.entries(besides: folder + "/journal.json") == ["journal.json", "real"])
    }

    @Test(arguments: [("folder", "a folder"), ("fifo", "a FIFO"), ("dot", "a folder")])
    func aJournalPathThatIsNotAFileIsRefusedByName(kind: String, what: String) throws {
        let folder = try FileDepositJournalTests.temporaryFolder()
        var path = folder + "/journal"
        switch kind {
        case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        case "fifo": #expect(mkfifo(path, 0o600) == 0)
        default: path = "."
        }
        let journal = FileDepositJournal(location: JournalLocation(path: path))
        let expected = "the deposit journal \(path) is \(what), not a file: give --journal the path of a file (it is created when needed)"
        let reading = try #require(throws: JournalError.self) { try journal.pendingDeposits() }
        #expect(reading.message == expected)
        let recording = try #require(throws: JournalError.self) { try journal.record(FileDepositJournalTests.deposit("k-1")) }
        #expect(recording.message == expected)
    }

    @Test func listingTheJournalWritesNothing() throws {
        let path = try FileDepositJournalTests.temporaryFolder() + "/journal.json"
        try #"{"pending":[],"version":1}"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try FileDepositJournal(location: JournalLocation(path: path)).pendingDeposits().isEmpty)
        #expect(try Self.entries(besides: path) == ["journal.json"])
    }

    @Test func aLockHeldTooLongIsReportedWithItsHolderNotTheLastAtmThatTookIt() throws {
        let path = try FileDepositJournalTests.temporaryFolder() + "/journal.json"
        let holder = open(path + ".lock", O_RDWR | O_CREAT, 0o600)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        _ = Array("4242\n".utf8).withUnsafeBytes { pwrite(holder, $0.baseAddress, $0.count, 0) }

        let journal = FileDepositJournal(location: JournalLocation(path: path), lockTimeout: .milliseconds(100))
        let error = try #require(throws: JournalError.self) { try journal.record(FileDepositJournalTests.deposit("k-1")) }
        #expect(error.kind == .locked)
        // The lock file names process 4242, the last `atm` that took the lock; the holder is this
        // process, which never wrote its id there, and it is the one named.
        let name = try String(contentsOfFile: "/proc/self/comm", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(error.message == "the deposit journal \(path) is locked by process \(getpid()) (\(name)), which has held it for more than 100 ms; let it finish, or stop it, then try again")
        // The deposit that could not be recorded is not claimed either.
        #expect(flock(holder, LOCK_UN) == 0)
        guard case .settled = try journal.claim(FileDepositJournalTests.deposit("k-1")) else {
            Issue.record("k-1 should not be in the journal")
            return
        }
    }

    // MARK: - Helpers

    /// The names in the folder of `path`, sorted.
    static func entries(besides path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent).sorted()
    }
}

/// A step of a durable write.
enum Fault: Hashable, Sendable, CustomStringConvertible {
    case write, fsyncFile, rename, fsyncFolder

    var description: String {
        switch self {
        case .write: "write"
        case .fsyncFile: "fsync"
        case .rename: "rename"
        case .fsyncFolder: "fsync of the folder"
        }
    }
}

/// System calls that fail the given steps a given number of times, in two phases: the first
/// phase's failures, then, after ``advance()`` or once they are used up, the second's.
final class FaultInjector: Sendable {
    private struct State {
        var phases: [[Fault: Int]]
    }

    private let state: Mutex<State>

    init(failing first: [Fault: Int], thenFailing second: [Fault: Int] = [:]) {
        state = Mutex(State(phases: [first, second]))
    }

    /// Moves to the second phase.
    func advance() {
        state.withLock { state in
            if state.phases.count > 1 { state.phases.removeFirst() }
        }
    }

    /// Whether `fault` fails now; uses up one failure if so.
    private func fails(_ fault: Fault) -> Bool {
        state.withLock { state in
            guard let remaining = state.phases[0][fault], remaining > 0 else { return false }
            state.phases[0][fault] = remaining - 1
            if state.phases[0].values.allSatisfy({ $0 == 0 }), state.phases.count > 1 { state.phases.removeFirst() }
            return true
        }
    }

    var calls: JournalSystemCalls {
        let posix = JournalSystemCalls.posix
        return JournalSystemCalls(
            write: { descriptor, bytes, count in
                if self.fails(.write) { errno = ENOSPC; return -1 }
                return posix.write(descriptor, bytes, count)
            },
            fsyncFile: { descriptor in
                if self.fails(.fsyncFile) { errno = EIO; return -1 }
                return posix.fsyncFile(descriptor)
            },
            rename: { from, to in
                if self.fails(.rename) { errno = EIO; return -1 }
                return posix.rename(from, to)
            },
            fsyncFolder: { descriptor in
                if self.fails(.fsyncFolder) { errno = EIO; return -1 }
                return posix.fsyncFolder(descriptor)
            }
        )
    }
}
