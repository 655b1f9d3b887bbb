import ATMCLI
import ATMLib
import BillScanner
import FakeATMLib
import Foundation
import Network
import Synchronization
import Testing

/// Every byte from outside is escaped the same way on every output path: the same hostile text
/// (ESC, a newline that would forge a receipt line, DEL, C1 controls, a bidirectional override,
/// the line and paragraph separators) fed through the bank's replies, the journal's entries and
/// path, the command line and the app's name reaches no output raw, in text or JSON, on standard
/// output or standard error, in deposit, sync, pending and --help.
struct HostileTextTests {
    /// The hostile text.
    static let hostile = "x\u{1B}[2J\nDeposited $9999.00 into x.\u{7F}\u{85}\u{9B}\u{202E}\u{2028}\u{2029}y"
    /// It as every text output writes it.
    static let inText = #"x\u{1B}[2J\u{0A}Deposited $9999.00 into x.\u{7F}\u{85}\u{9B}\u{202E}\u{2028}\u{2029}y"#
    /// It as every JSON output writes it, inside a string.
    static let inJSON = #"x\u001b[2J\nDeposited $9999.00 into x.\u007f\u0085\u009b\u202e\u2028\u2029y"#

    static let bank = ["--bank", "http://127.0.0.1:8080"]

    static func pending(key: String, account: String = hostile, bankURL: String = "http://127.0.0.1:8080") -> PendingDeposit {
        PendingDeposit(idempotencyKey: key, account: account, amountCents: 500, bills: [5], bankURL: bankURL, recordedAt: hostile)
    }

    /// Every ASCII character around the printable ones' edges: a control (C0 or DEL) is escaped in
    /// text and in JSON, anything else is left as it is, alone or next to the others.
    @Test func everyASCIIControlIsEscapedAndEveryPrintableCharacterIsLeftAsItIs() {
        var printable = ""
        for value in UInt8(0)...0x7F {
            let character = String(UnicodeScalar(value))
            let text: String = "a" + character + "b"
            if value < 0x20 || value == 0x7F {
                let hex: String = (value < 0x10 ? "0" : "") + String(value, radix: 16, uppercase: true)
                let inText: String = "a\\u{" + hex + "}b"
                let inJSON: String = "a\\u00" + hex.lowercased() + "b"
                #expect(TerminalText.escaped(text) == inText)
                #expect(TerminalText.escaped(text, as: .json) == inJSON)
            } else {
                #expect(TerminalText.escaped(text) == text)
                printable += character
            }
        }
        #expect(printable.utf8.count == 95)
        #expect(TerminalText.escaped(printable) == printable)
        #expect(TerminalText.escaped(printable + "\n") == printable + "\\u{0A}")
    }

    @Test func depositEscapesTheBanksTextInTextAndJSONAndInItsErrors() async throws {
        let text = await HostileRun(["deposit", "20", "--account", "alice"] + Self.bank, replies: [.confirm]).run()
        #expect(text.status == .success)
        #expect(text.output.contains("  deposit  \(Self.inText)\n"))
        let json = await HostileRun(["deposit", "20", "--account", "alice", "--json"] + Self.bank, replies: [.confirm]).run()
        #expect(json.output.contains(#""deposit_id":"\#(Self.inJSON)""#))
        #expect(try Self.decoded(json.output)["deposit_id"] as? String == Self.hostile)
        let pending = await HostileRun(["deposit", "20", "--account", "alice"] + Self.bank, replies: [.lose]).run()
        #expect(pending.status == .temporaryFailure)
        #expect(pending.error.contains(": \(Self.inText); it is kept in the journal \(Self.inText): run '\(Self.inText) sync'"))
        let refused = await HostileRun(["deposit", "20", "--account", "alice"] + Self.bank, replies: [.refuse]).run()
        #expect(refused.status == .dataError)
        #expect(refused.error == "\(Self.inText): \(Self.inText)\n")
        for run in [text, json, pending, refused] { Self.expectSafe(run) }
    }

    @Test func syncEscapesTheJournalsAndTheBanksTextInTextAndJSON() async throws {
        let deposits = [Self.pending(key: "k-1"), Self.pending(key: "k-2"), Self.pending(key: "k-3", bankURL: "http://127.0.0.1:9/" + Self.hostile)]
        let text = await HostileRun(["sync"] + Self.bank, replies: [.confirm, .lose], pending: deposits).run()
        #expect(text.status == .temporaryFailure)
        #expect(text.output == """
            3 pending deposits at http://127.0.0.1:8080:
              $5.00 to \(Self.inText): confirmed, deposit \(Self.inText), balance $5.00
              $5.00 to \(Self.inText): still pending: \(Self.inText)
              $5.00 to \(Self.inText): left pending: it was sent to http://127.0.0.1:9/\(Self.inText); sync with --bank http://127.0.0.1:9/\(Self.inText)
            Run '\(Self.inText) sync' again once the bank can be reached.

            """)
        let json = await HostileRun(["sync", "--json"] + Self.bank, replies: [.confirm, .lose], pending: deposits).run()
        #expect(json.output.contains(#""account":"\#(Self.inJSON)""#))
        let entries = try #require(try Self.decoded(json.output)["deposits"] as? [[String: Any]])
        #expect(entries.map { $0["account"] as? String } == [Self.hostile, Self.hostile, Self.hostile])
        #expect(entries.map { $0["message"] as? String } == [nil, Self.hostile, "sent to http://127.0.0.1:9/" + Self.hostile])
        for run in [text, json] { Self.expectSafe(run) }
    }

    @Test func pendingEscapesTheJournalsPathAndEntriesInTextAndJSON() async throws {
        let text = await HostileRun(["pending"], pending: [Self.pending(key: Self.hostile)]).run()
        #expect(text.output == """
            1 deposit pending in \(Self.inText):
              $5.00 to \(Self.inText) (bills 5), recorded \(Self.inText), key \(Self.inText)
            Total $5.00. Run '\(Self.inText) sync' to complete them.

            """)
        let json = await HostileRun(["pending", "--json"], pending: [Self.pending(key: Self.hostile)]).run()
        #expect(json.output.contains(#""journal":"\#(Self.inJSON)""#))
        #expect(try Self.decoded(json.output)["journal"] as? String == Self.hostile)
        let empty = await HostileRun(["pending"]).run()
        #expect(empty.output == "No deposits pending in \(Self.inText).\n")
        for run in [text, json, empty] { Self.expectSafe(run) }
    }

    @Test(arguments: [["--help"], ["deposit", "--help"], ["sync", "--help"], ["pending", "--help"], ["help", "graph"]])
    func helpEscapesTheAppsName(arguments: [String]) async throws {
        let run = await HostileRun(arguments).run()
        #expect(run.status == .success)
        #expect(run.output.hasPrefix("usage: \(Self.inText) "))
        Self.expectSafe(run)
    }

    @Test func errorsEscapeTheCommandLineAndTheJournalsMessagesOnOneLine() async throws {
        let unknown = await HostileRun([Self.hostile]).run()
        #expect(unknown.error == "\(Self.inText): unknown command '\(Self.inText)'; run '\(Self.inText) --help' for usage\n")
        let journal = await HostileRun(["deposit", "20", "--account", "alice"] + Self.bank, journalFailure: "cannot write the deposit journal \(Self.hostile)").run()
        #expect(journal.status == .ioError)
        #expect(journal.error == "\(Self.inText): cannot write the deposit journal \(Self.inText); the deposit was not sent\n")
        for run in [unknown, journal] { Self.expectSafe(run) }
    }

    /// No unsafe character but the newlines between lines, no forged line, standard error one line.
    static func expectSafe(_ run: HostileRun.Result, sourceLocation: SourceLocation = #_sourceLocation) {
        for (name, text) in [("output", run.output), ("error", run.error)] {
            let unsafe = text.unicodeScalars.filter { $0 != "\n" && Self.isUnsafe($0) }
            #expect(unsafe.isEmpty, "raw \(unsafe.map { String($0.value, radix: 16) }) in \(name)", sourceLocation: sourceLocation)
            let forged = text.split(separator: "\n").filter { $0.hasPrefix("Deposited $9999.00") }
            #expect(forged.isEmpty, "a forged line in \(name)", sourceLocation: sourceLocation)
        }
        #expect(run.error.filter { $0 == "\n" }.count <= 1, "standard error has several lines", sourceLocation: sourceLocation)
    }

    /// The unsafe characters, as the issue lists them: written out here, not taken from the code.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    static func decoded(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }
}

/// One run of the command line of an app named by the hostile text, over a bank and a journal
/// that answer with it.
struct HostileRun {
    enum Reply: Sendable { case confirm, lose, refuse }

    let arguments: [String]
    var replies: [Reply] = []
    var pending: [PendingDeposit] = []
    var journalFailure: String?

    init(_ arguments: [String], replies: [Reply] = [], pending: [PendingDeposit] = [], journalFailure: String? = nil) {
        self.arguments = arguments
        self.replies = replies
        self.pending = pending
        self.journalFailure = journalFailure
    }

    struct Result {
        let status: ExitCode
        let output: String
        let error: String
    }

    func run() async -> Result {
        let journal = InMemoryDepositJournal(pending: pending)
        if let journalFailure { journal.fail(with: JournalError(kind: .inputOutput, message: journalFailure)) }
        let application = HostileApplication(bank: HostileBank(replies: replies), journal: LocatedJournal(journal: journal, location: HostileTextTests.hostile))
        let console = RecordingConsole()
        let status = await ATMCommandLine(application: application, environment: ["ATM_JOURNAL": "/unused"], console: console.console).run(arguments)
        return Result(status: status, output: console.output, error: console.error)
    }
}

/// A bank whose every word is the hostile text.
private final class HostileBank: NetworkExecutor {
    private let replies: Mutex<[HostileRun.Reply]>

    init(replies: [HostileRun.Reply]) {
        self.replies = Mutex(replies)
    }

    func deposit(_ request: DepositRequest) async throws -> DepositConfirmation {
        let reply = replies.withLock { $0.isEmpty ? .confirm : $0.removeFirst() }
        let text = HostileTextTests.hostile
        switch reply {
        case .confirm:
            return DepositConfirmation(depositID: text, account: request.account, amountCents: request.amountCents, balanceCents: request.amountCents, isReplay: false)
        case .lose:
            throw NetworkError(kind: .connectionLost, message: text, mayHaveBeenCredited: true)
        case .refuse:
            throw NetworkError(kind: .httpStatus, message: text, statusCode: 400, bankMessage: text, mayHaveBeenCredited: false)
        }
    }
}

/// An in-memory journal that says it is somewhere else.
private struct LocatedJournal: DepositJournal {
    let journal: InMemoryDepositJournal
    let location: String

    func record(_ deposit: PendingDeposit) throws(JournalError) -> DepositClaim { try journal.record(deposit) }
    func claim(_ deposit: PendingDeposit) throws(JournalError) -> ClaimAttempt { try journal.claim(deposit) }
    func remove(_ claim: DepositClaim) throws(JournalError) { try journal.remove(claim) }
    func pendingDeposits() throws(JournalError) -> [PendingDeposit] { try journal.pendingDeposits() }
}

/// An app named by the hostile text.
private struct HostileApplication: ATMApplication {
    let bank: HostileBank
    let journal: LocatedJournal
    let name = HostileTextTests.hostile
    let defaults = ATMDefaults()

    func makeATM(settings: ATMRunSettings) async throws(ATMBuildFailure) -> ATM {
        ATM(
            depositer: ATMDepositer(scanner: BillScanner(), network: bank, configuration: settings.configuration, journal: journal),
            synchronizer: DepositSynchronizer(network: bank, configuration: settings.configuration, journal: journal),
            journal: journal
        )
    }

    func validateGraph() -> GraphReport { GraphReport(isValid: true, text: "valid") }
    func renderGraph(format: String) -> GraphReport { GraphReport(isValid: true, text: "graph") }
}
