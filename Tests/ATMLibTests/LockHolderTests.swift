@testable import ATMLib
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The process named in "the deposit journal is locked by process N" is read from the lock
/// table, `/proc/locks`, which the system makes a page at a time as it is read: the holder's
/// line is found wherever it is in the table, and read again when it fell between two pages.
struct LockHolderTests {
    #if os(Linux)
    /// Newer locks come first in the table, so locks taken after the holder's push its line out
    /// of the first page (about 80 locks); they are byte ranges of one file, one descriptor.
    /// The test takes at least `ownLocks` of them, which fill more than a page by themselves:
    /// other tests' locks, taken and released meanwhile, move the holder's line too, and must
    /// not be what pushed it out.
    @Test func aHolderPastTheFirstPageOfTheLockTableIsNamed() throws {
        let folder = try FileDepositJournalTests.temporaryFolder()
        let held = open(folder + "/held", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        defer { close(held) }
        #expect(flock(held, LOCK_EX) == 0)
        let name = try #require(FileDepositJournal.lockTableName(of: held))
        let ranges = open(folder + "/ranges", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        defer { close(ranges) }
        var taken = 0
        while taken < Self.ownLocks || Self.firstPage().contains(" \(name) "), taken < 5_000 {
            var lock = flock()
            lock.l_type = Int16(F_WRLCK)
            lock.l_whence = Int16(SEEK_SET)
            lock.l_start = off_t(2 * taken)
            lock.l_len = 1
            #expect(fcntl(ranges, F_SETLK, &lock) == 0)
            taken += 1
        }
        try #require(!Self.firstPage().contains(" \(name) "), "the holder's line is still on the table's first page after \(taken) locks")

        let waiter = open(folder + "/held", O_RDWR | O_CLOEXEC)
        defer { close(waiter) }
        let comm = try String(contentsOfFile: "/proc/self/comm", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(FileDepositJournal.holder(waiter) == FileDepositJournal.LockHolder(processID: getpid(), name: comm))
    }

    /// Locks whose lines alone are longer than a page of the lock table (a line is about 50 bytes).
    static let ownLocks = 200

    /// What one `read` of the lock table gives.
    static func firstPage() -> String {
        let descriptor = open("/proc/locks", O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return String(decoding: bytes[0..<max(count, 0)], as: UTF8.self)
    }
    #endif

    @Test func aHolderLineThatFellBetweenTwoPagesIsReadAgain() throws {
        let folder = try FileDepositJournalTests.temporaryFolder()
        let held = open(folder + "/held", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        defer { close(held) }
        let name = try #require(FileDepositJournal.lockTableName(of: held))
        let other = "1: POSIX  ADVISORY  WRITE 77 00:01:2 0 0\n"
        var reads = 0
        let holder = FileDepositJournal.holder(held) {
            reads += 1
            return reads < 3 ? other : other + "2: FLOCK  ADVISORY  WRITE \(getpid()) \(name) 0 EOF\n"
        }
        #expect(holder?.processID == getpid())
        #expect(reads == 3)
    }

    @Test func aHolderNeverFoundGoesUnnamedAfterAFewReads() throws {
        let folder = try FileDepositJournalTests.temporaryFolder()
        let held = open(folder + "/held", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        defer { close(held) }
        var reads = 0
        let holder = FileDepositJournal.holder(held) {
            reads += 1
            return "1: FLOCK  ADVISORY  WRITE 77 00:01:2 0 EOF\n"
        }
        #expect(holder == nil)
        #expect(reads == FileDepositJournal.lockTableReads)
    }

    @Test func twoHoldersOfOneFileNameNeither() throws {
        let folder = try FileDepositJournalTests.temporaryFolder()
        let held = open(folder + "/held", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        defer { close(held) }
        let name = try #require(FileDepositJournal.lockTableName(of: held))
        let holder = FileDepositJournal.holder(held) {
            "1: FLOCK  ADVISORY  READ 77 \(name) 0 EOF\n2: FLOCK  ADVISORY  READ 78 \(name) 0 EOF\n"
        }
        #expect(holder == nil)
    }
}
