import ATMLib
import BillScanner
import Network

/// `sync`: re-sends every pending deposit with its original idempotency key.
///
/// Exit status: 0 when every pending deposit is confirmed (or none was pending), 65 when the bank
/// refused one for good, 75 when some are still pending.
struct SyncCommand {
    let context: CommandContext

    func run(_ arguments: [String]) async -> ExitCode {
        await context.run { () throws(CommandLineFailure) in
            guard let (options, configuration) = try context.begin("sync", arguments, help: HelpText.sync(context.name), needs: .bank) else {
                return .success
            }
            let atm = try context.makeATM(configuration)
            let report = try await context.attempt { try await atm.synchronizer.sync() }
            context.console.print(options.json ? json(report) : text(report, bank: configuration.bank.baseURL))
            return status(report)
        }
    }

    private func status(_ report: SyncReport) -> ExitCode {
        if report.outcomes.contains(where: { if case .rejected = $0.result { true } else { false } }) { return .dataError }
        return report.isComplete ? .success : .temporaryFailure
    }

    private func text(_ report: SyncReport, bank: String) -> String {
        guard !report.outcomes.isEmpty else { return "Nothing to sync: no deposits are pending." }
        let count = report.outcomes.count == 1 ? "1 pending deposit" : "\(report.outcomes.count) pending deposits"
        var lines = ["Synced \(count) with \(bank):"]
        for outcome in report.outcomes {
            let deposit = "\(Money(cents: outcome.deposit.amountCents)) to \(outcome.deposit.account)"
            switch outcome.result {
            case let .confirmed(confirmation):
                lines.append("  \(deposit): confirmed, deposit \(confirmation.depositID), balance \(Money(cents: confirmation.balanceCents))")
            case let .stillPending(error):
                lines.append("  \(deposit): still pending: \(error.message)")
            case let .rejected(error):
                lines.append("  \(deposit): rejected, kept in the journal for review: \(error.message)")
            case .otherBank:
                lines.append("  \(deposit): left pending: it was sent to \(outcome.deposit.bankURL); sync with --bank \(outcome.deposit.bankURL)")
            }
        }
        if !report.isComplete {
            lines.append("Run '\(context.name) sync' again once the bank can be reached.")
        }
        return lines.joined(separator: "\n")
    }

    private func json(_ report: SyncReport) -> String {
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
        let entries = report.outcomes.map { outcome -> Entry in
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
        return ReceiptPrinter.encode(Document(deposits: entries, complete: report.isComplete))
    }
}
