import ATMLib
import BillScanner
import Network

/// `sync`: re-sends every pending deposit with its original idempotency key.
///
/// With `--bank` (or `ATM_BANK_URL`) it syncs the deposits made with that bank; without, each
/// pending deposit goes back to the bank it was sent to, as the journal recorded it.
///
/// Exit status: 0 when every pending deposit is confirmed (or none was pending), 65 when the bank
/// refused one for good, 75 when some are still pending.
struct SyncCommand {
    let context: CommandContext

    func run(_ arguments: [String]) async -> ExitCode {
        await context.run { () throws(CommandLineFailure) in
            guard let options = try context.readOptions("sync", arguments, help: HelpText.sync(context.name), takesBills: false) else {
                return .success
            }
            guard options.account == nil else {
                throw .usage("sync takes no --account: each pending deposit goes to the account it was made for")
            }
            let named = context.settings.namedBankURL(options) ?? context.application.defaults.bankURL
            let banks = if let named { [named] } else { try await recordedBanks(options) }
            var syncs: [Sync] = []
            for bank in banks {
                let atm = try context.makeATM(try context.settings.configuration(options, needs: .bank, bankURL: bank))
                let report = try await context.attempt { try await atm.synchronizer.sync() }
                // Without a named bank, a deposit made with another bank is synced in that bank's turn.
                syncs.append(Sync(bank: bank, report: named == nil ? report.leavingOutOtherBanks : report))
            }
            context.console.print(options.json ? json(syncs) : text(syncs))
            return status(syncs)
        }
    }

    /// What a sync with one bank did.
    private struct Sync {
        let bank: String
        let report: SyncReport
    }

    /// Every bank a pending deposit was sent to, in journal order.
    private func recordedBanks(_ options: CommandOptions) async throws(CommandLineFailure) -> [String] {
        let atm = try context.makeATM(try context.settings.configuration(options, needs: .journalOnly))
        let pending = try await context.attempt { try atm.journal.pendingDeposits() }
        var banks: [String] = []
        for deposit in pending where !banks.contains(deposit.bankURL) {
            banks.append(deposit.bankURL)
        }
        return banks
    }

    private func status(_ syncs: [Sync]) -> ExitCode {
        let outcomes = syncs.flatMap(\.report.outcomes)
        if outcomes.contains(where: { if case .rejected = $0.result { true } else { false } }) { return .dataError }
        return syncs.allSatisfy(\.report.isComplete) ? .success : .temporaryFailure
    }

    private func text(_ syncs: [Sync]) -> String {
        guard syncs.contains(where: { !$0.report.outcomes.isEmpty }) else { return "Nothing to sync: no deposits are pending." }
        var lines: [String] = []
        var someStillPending = false
        for sync in syncs where !sync.report.outcomes.isEmpty {
            let outcomes = sync.report.outcomes
            let count = outcomes.count == 1 ? "1 pending deposit" : "\(outcomes.count) pending deposits"
            lines.append("\(count) at \(sync.bank):")
            for outcome in outcomes {
                let deposit = "\(Money(cents: outcome.deposit.amountCents)) to \(outcome.deposit.account)"
                switch outcome.result {
                case let .confirmed(confirmation):
                    lines.append("  \(deposit): confirmed, deposit \(confirmation.depositID), balance \(Money(cents: confirmation.balanceCents))")
                case let .stillPending(error):
                    someStillPending = true
                    lines.append("  \(deposit): still pending: \(error.message)")
                case let .rejected(error):
                    lines.append("  \(deposit): rejected, kept in the journal for review: \(error.message)")
                case .otherBank:
                    lines.append("  \(deposit): left pending: it was sent to \(outcome.deposit.bankURL); sync with --bank \(outcome.deposit.bankURL)")
                }
            }
        }
        if someStillPending {
            lines.append("Run '\(context.name) sync' again once the bank can be reached.")
        }
        return lines.joined(separator: "\n")
    }

    private func json(_ syncs: [Sync]) -> String {
        struct Entry: Encodable {
            let idempotencyKey: String
            let account: String
            let amountCents: Int
            let status: String
            let depositId: String?
            let balanceCents: Int?
            let message: String?
        }
        struct Document: Encodable {
            let deposits: [Entry]
            let complete: Bool
        }
        let entries = syncs.flatMap(\.report.outcomes).map { outcome -> Entry in
            let deposit = outcome.deposit
            func entry(_ status: String, _ confirmation: DepositConfirmation? = nil, _ message: String? = nil) -> Entry {
                Entry(
                    idempotencyKey: deposit.idempotencyKey, account: deposit.account, amountCents: deposit.amountCents, status: status,
                    depositId: confirmation?.depositID, balanceCents: confirmation?.balanceCents, message: message
                )
            }
            switch outcome.result {
            case let .confirmed(confirmation): return entry("confirmed", confirmation)
            case let .stillPending(error): return entry("pending", nil, error.message)
            case let .rejected(error): return entry("rejected", nil, error.message)
            case .otherBank: return entry("other_bank", nil, "sent to \(deposit.bankURL)")
            }
        }
        return ReceiptPrinter.encode(Document(deposits: entries, complete: syncs.allSatisfy(\.report.isComplete)))
    }
}
