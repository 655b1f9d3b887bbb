import ATMLib
import BillScanner
import Network

/// `sync`: re-sends every pending deposit with its original idempotency key.
///
/// With `--bank` (or `ATM_BANK_URL`) it syncs the deposits made with that bank; without, each
/// pending deposit goes back to the bank it was sent to, as the journal recorded it. An app with
/// a bank of its own (`atm-dev`'s in-memory bank) syncs with that bank alone.
///
/// Exit status: 0 when every pending deposit is confirmed or settled by another process (or none
/// was pending), 65 when the bank refused one for good, 75 when some are still pending: the bank
/// cannot be reached (after ``DepositSynchronizer/unansweredLimit`` deposits in a row it leaves
/// unanswered, its others are not attempted), another process holds them, or the bank URL
/// recorded with them cannot be used by this run. When the journal fails midway, what was done is printed first (what the
/// bank credited, and what the journal still lists afterwards), then the failure (74).
struct SyncCommand {
    let context: CommandContext

    /// Runs with options the command table has read; it refused `--account`.
    func run(_ options: CommandOptions) async -> ExitCode {
        await context.run { () throws(CommandLineFailure) in
            // An app with a bank of its own syncs with it alone (and refuses a bank URL), as with a
            // bank named on the command line.
            let defaults = context.application.defaults
            let named = defaults.builtInBank ?? context.settings.namedBankURL(options) ?? defaults.bankURL
            // A bank the command line names must be usable: a mistake there is the caller's (64).
            if let named {
                _ = try context.settings.resolve(options, needs: .bank, bankURL: named)
            } else {
                // So must the transport options, whatever bank each deposit goes to: the network
                // layer judges them with a bank every run can use, before anything is sent.
                _ = try await context.makeATM(try context.settings.resolve(options, needs: .bank, bankURL: SettingsResolver.placeholderBank))
            }
            let banks = if let named { [(named, [PendingDeposit]())] } else { try await recordedBanks(options) }
            var syncs: [Sync] = []
            var failure: CommandLineFailure?
            for (bank, deposits) in banks {
                guard failure == nil else {
                    // The journal failed with an earlier bank: this one's deposits were not sent.
                    syncs.append(Sync(bank: bank, report: SyncReport(outcomes: deposits.map { .init(deposit: $0, result: .notSent) })))
                    continue
                }
                if Self.isBuiltInBank(bank), bank != defaults.builtInBank {
                    // Recorded by an app with a bank of its own (`atm-dev`'s in-memory bank): no
                    // run of this app can reach it, now or later; only that app's sync settles it.
                    syncs.append(Sync(bank: bank, report: SyncReport(outcomes: deposits.map { .init(deposit: $0, result: .otherBank) })))
                    continue
                }
                do throws(CommandLineFailure) {
                    let atm = try await context.makeATM(try context.settings.resolve(options, needs: .bank, bankURL: bank))
                    let report = try await context.attempt { try await atm.synchronizer.sync() }
                    // Without a named bank, a deposit made with another bank is synced in that bank's turn.
                    syncs.append(Sync(bank: bank, report: named == nil ? report.leavingOutOtherBanks : report))
                    if let journalFailure = report.journalFailure {
                        failure = CommandLineFailure(exitCode: .ioError, message: journalFailure.message)
                    }
                } catch {
                    // Options the network layer refuses for a bank the caller named are the caller's
                    // mistake (64): nothing was done.
                    if named != nil, error.exitCode == .usage { throw error }
                    guard error.exitCode == .usage else {
                        failure = error
                        syncs.append(Sync(bank: bank, report: SyncReport(outcomes: deposits.map { .init(deposit: $0, result: .notSent) })))
                        continue
                    }
                    // A bank URL recorded in the journal that this run cannot use: its deposits wait.
                    let refusal = NetworkError(kind: .invalidConfiguration, message: error.message, mayHaveBeenCredited: true)
                    syncs.append(Sync(bank: bank, report: SyncReport(outcomes: deposits.map { .init(deposit: $0, result: .stillPending(refusal)) })))
                }
            }
            guard let failure else {
                let status = status(syncs)
                context.console.print(options.json ? json(syncs, status: status, stillListed: nil) : text(syncs, stillListed: nil))
                return status
            }
            // The journal failed: say what was done, and what the journal lists now, then why it stopped.
            let stillListed = await listedNow(options)
            if syncs.contains(where: { !$0.report.outcomes.isEmpty }) || options.json {
                context.console.print(options.json ? json(syncs, status: failure.exitCode, stillListed: stillListed) : text(syncs, stillListed: stillListed))
            }
            throw CommandLineFailure(
                exitCode: failure.exitCode,
                message: failure.message + "; the sync stopped there: run '\(context.name) sync' again once the journal can be written"
            )
        }
    }

    /// The app whose bank is in memory: the only one that can settle the deposits it recorded.
    static let developmentApp = "atm-dev"

    /// Whether a bank recorded in the journal is the name of a bank an app carries inside itself
    /// (`in-memory bank`) rather than a URL.
    static func isBuiltInBank(_ recorded: String) -> Bool {
        !recorded.contains("://")
    }

    /// What to do with a deposit recorded for another app's built-in bank.
    static func builtInBankAdvice(_ bank: String) -> String {
        "it was made with \(bank), which only \(developmentApp) can reach; run '\(developmentApp) sync' with this journal to settle it"
    }

    /// Why a deposit was not sent to a bank that stopped answering, `last` the last failure.
    static func unansweredReason(_ last: NetworkError) -> String {
        "the bank did not answer \(DepositSynchronizer.unansweredLimit) deposits in a row (\(last.message)), so no more were sent to it; it stays pending"
    }

    /// What a sync with one bank did.
    private struct Sync {
        let bank: String
        let report: SyncReport
    }

    /// Every bank a pending deposit was sent to, in journal order, with its deposits.
    private func recordedBanks(_ options: CommandOptions) async throws(CommandLineFailure) -> [(String, [PendingDeposit])] {
        let atm = try await context.makeATM(try context.settings.resolve(options, needs: .journalOnly))
        let pending = try await context.attempt { try atm.journal.pendingDeposits() }
        var banks: [(String, [PendingDeposit])] = []
        for deposit in pending {
            let bank = BankURL.canonical(deposit.bankURL)
            if let index = banks.firstIndex(where: { $0.0 == bank }) {
                banks[index].1.append(deposit)
            } else {
                banks.append((bank, [deposit]))
            }
        }
        return banks
    }

    /// The deposits the journal lists once the sync has stopped, or why it cannot be read.
    private func listedNow(_ options: CommandOptions) async -> Result<[PendingDeposit], CommandLineFailure> {
        do throws(CommandLineFailure) {
            let atm = try await context.makeATM(try context.settings.resolve(options, needs: .journalOnly))
            return .success(try await context.attempt { try atm.journal.pendingDeposits() })
        } catch {
            return .failure(error)
        }
    }

    private func status(_ syncs: [Sync]) -> ExitCode {
        let outcomes = syncs.flatMap(\.report.outcomes)
        if outcomes.contains(where: { if case .rejected = $0.result { true } else { false } }) { return .dataError }
        return syncs.allSatisfy(\.report.isComplete) ? .success : .temporaryFailure
    }

    private func text(_ syncs: [Sync], stillListed: Result<[PendingDeposit], CommandLineFailure>?) -> String {
        guard stillListed != nil || syncs.contains(where: { !$0.report.outcomes.isEmpty }) else {
            return "Nothing to sync: no deposits are pending."
        }
        var lines: [String] = []
        var someStillPending = false
        for sync in syncs where !sync.report.outcomes.isEmpty {
            let outcomes = sync.report.outcomes
            let count = outcomes.count == 1 ? "1 pending deposit" : "\(outcomes.count) pending deposits"
            lines.append("\(count) at \(TerminalText.escaped(sync.bank)):")
            for outcome in outcomes {
                let deposit = "\(Money(cents: outcome.deposit.amountCents)) to \(TerminalText.escaped(outcome.deposit.account))"
                switch outcome.result {
                case let .confirmed(confirmation):
                    lines.append(
                        "  \(deposit): confirmed, deposit \(TerminalText.escaped(confirmation.depositID)), balance \(ReceiptPrinter.balance(confirmation.balanceCents.map(Money.init(cents:))))"
                    )
                case let .creditedButListed(confirmation, error):
                    let listing = error.kind == .leftUnsent
                        ? "taking it out of the journal could not be made durable: should the journal list it again, a sync replays it"
                        : "the journal still lists it: a sync replays it"
                    lines.append(
                        "  \(deposit): credited (deposit \(TerminalText.escaped(confirmation.depositID)), balance \(ReceiptPrinter.balance(confirmation.balanceCents.map(Money.init(cents:))))), "
                            + "but \(listing), and the bank answers with the same credit"
                    )
                case let .stillPending(error):
                    someStillPending = true
                    lines.append("  \(deposit): still pending: \(TerminalText.escaped(error.message))")
                case let .rejected(error):
                    lines.append("  \(deposit): rejected, kept in the journal for review: \(TerminalText.escaped(error.message))")
                case .otherBank:
                    let bank = TerminalText.escaped(BankURL.redactingCredentials(outcome.deposit.bankURL))
                    if Self.isBuiltInBank(outcome.deposit.bankURL) {
                        lines.append("  \(deposit): left pending: \(Self.builtInBankAdvice(bank))")
                    } else if context.application.defaults.builtInBank == nil {
                        lines.append("  \(deposit): left pending: it was sent to \(bank); sync with --bank \(bank)")
                    } else {
                        lines.append("  \(deposit): left pending: it was sent to \(bank), which \(context.name) cannot reach; sync it with the production app")
                    }
                case .heldElsewhere:
                    someStillPending = true
                    lines.append("  \(deposit): still pending: another process is sending it now")
                case .settledElsewhere:
                    lines.append("  \(deposit): settled by another process")
                case .notSent:
                    lines.append("  \(deposit): not sent: the journal failed; it stays pending")
                case let .notAttempted(error):
                    someStillPending = true
                    lines.append("  \(deposit): not attempted: \(TerminalText.escaped(Self.unansweredReason(error)))")
                }
            }
        }
        if let stillListed {
            lines.append(Self.summary(credited: syncs.flatMap(\.report.outcomes), stillListed: stillListed))
        } else if someStillPending {
            lines.append("Run '\(context.name) sync' again once the bank can be reached.")
        }
        return lines.joined(separator: "\n")
    }

    /// The last line of a sync the journal stopped: what the bank credited, and what the journal
    /// lists now, as read once the sync stopped.
    private static func summary(credited outcomes: [SyncReport.Outcome], stillListed: Result<[PendingDeposit], CommandLineFailure>) -> String {
        let credited = outcomes.compactMap { outcome -> Int? in
            switch outcome.result {
            case let .confirmed(confirmation), let .creditedButListed(confirmation, _): confirmation.amountCents
            default: nil
            }
        }
        let creditedText = "the bank credited \(Self.count(credited.count)) (\(Self.total(credited)))"
        switch stillListed {
        case let .success(listed):
            return "The journal failed, so the sync stopped: \(creditedText); the journal still lists \(Self.count(listed.count)) "
                + "(\(Self.total(listed.map(\.amountCents))))."
        case let .failure(error):
            return "The journal failed, so the sync stopped: \(creditedText); what the journal still lists cannot be read: \(TerminalText.escaped(error.message))."
        }
    }

    private static func count(_ count: Int) -> String {
        count == 1 ? "1 deposit" : "\(count) deposits"
    }

    private static func total(_ amounts: [Int]) -> String {
        PendingCommand.total(amounts).map { "\(Money(cents: $0))" } ?? "too large to add up"
    }

    private func json(_ syncs: [Sync], status: ExitCode, stillListed: Result<[PendingDeposit], CommandLineFailure>?) -> String {
        struct Entry: Encodable {
            let idempotencyKey: String
            let account: String
            let amountCents: Int
            let status: String
            let depositId: String?
            let balanceCents: Int?
            /// True when the bank's balance is withheld because its digits hold the bearer token.
            let balanceRedacted: Bool?
            let message: String?
        }
        struct Document: Encodable {
            let deposits: [Entry]
            let complete: Bool
            /// The keys the journal lists once a sync the journal stopped has stopped, if it can
            /// be read then.
            let stillListed: [String]?
        }
        let entries = syncs.flatMap(\.report.outcomes).map { outcome -> Entry in
            let deposit = outcome.deposit
            func entry(_ status: String, _ confirmation: DepositConfirmation? = nil, _ message: String? = nil) -> Entry {
                Entry(
                    idempotencyKey: deposit.idempotencyKey, account: deposit.account, amountCents: deposit.amountCents, status: status,
                    depositId: confirmation?.depositID, balanceCents: confirmation?.balanceCents,
                    balanceRedacted: confirmation.flatMap { $0.balanceCents == nil ? true : nil }, message: message
                )
            }
            switch outcome.result {
            case let .confirmed(confirmation): return entry("confirmed", confirmation)
            case let .creditedButListed(confirmation, error) where error.kind == .leftUnsent:
                return entry("credited_not_durably_removed", confirmation, "taking it out of the journal could not be made durable: \(error.message)")
            case let .creditedButListed(confirmation, error):
                return entry("credited_still_listed", confirmation, "the journal still lists it: \(error.message)")
            case let .stillPending(error): return entry("pending", nil, error.message)
            case let .rejected(error): return entry("rejected", nil, error.message)
            case .otherBank:
                return entry("other_bank", nil, Self.isBuiltInBank(deposit.bankURL) ? Self.builtInBankAdvice(deposit.bankURL) : "sent to \(BankURL.redactingCredentials(deposit.bankURL))")
            case .heldElsewhere: return entry("pending", nil, "another process is sending it now")
            case .settledElsewhere: return entry("settled_elsewhere")
            case .notSent: return entry("not_sent", nil, "the journal failed; it stays pending")
            case let .notAttempted(error): return entry("not_attempted", nil, Self.unansweredReason(error))
            }
        }
        // Absent when the journal could not be read once the sync stopped: nothing is claimed then.
        let listed = try? stillListed?.get().map(\.idempotencyKey)
        return ReceiptPrinter.encode(Document(deposits: entries, complete: status == .success, stillListed: listed))
    }
}
