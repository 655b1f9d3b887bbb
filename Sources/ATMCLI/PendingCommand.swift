import ATMLib
import BillScanner

/// `pending`: lists the deposits waiting in the journal, with their amounts.
struct PendingCommand {
    let context: CommandContext

    func run(_ options: CommandOptions) async -> ExitCode {
        await context.run { () throws(CommandLineFailure) in
            let atm = try await context.makeATM(try context.settings.resolve(options, needs: .journalOnly))
            let pending = try await context.attempt { try atm.journal.pendingDeposits() }
            let journal = atm.journal.location
            context.console.print(options.json ? json(pending, journal: journal) : text(pending, journal: TerminalText.escaped(journal)))
            return .success
        }
    }

    private func text(_ pending: [PendingDeposit], journal: String) -> String {
        guard !pending.isEmpty else { return "No deposits pending in \(journal)." }
        let count = pending.count == 1 ? "1 deposit" : "\(pending.count) deposits"
        var lines = ["\(count) pending in \(journal):"]
        for deposit in pending {
            let bills = deposit.bills.map(String.init).joined(separator: ", ")
            lines.append(
                "  \(Money(cents: deposit.amountCents)) to \(TerminalText.escaped(deposit.account)) (bills \(bills)), "
                    + "recorded \(TerminalText.escaped(deposit.recordedAt)), key \(TerminalText.escaped(deposit.idempotencyKey))"
            )
        }
        lines.append("Total \(Self.total(pending.map(\.amountCents)).map { "\(Money(cents: $0))" } ?? "too large to add up"). Run '\(context.name) sync' to complete them.")
        return lines.joined(separator: "\n")
    }

    private func json(_ pending: [PendingDeposit], journal: String) -> String {
        struct Document: Encodable {
            let journal: String
            let pending: [PendingDeposit]
            let totalCents: Int?
        }
        return ReceiptPrinter.encode(Document(journal: journal, pending: pending, totalCents: Self.total(pending.map(\.amountCents))))
    }

    /// The sum of the amounts, or nil when it does not fit in 64 bits.
    static func total(_ amounts: [Int]) -> Int? {
        var total = 0
        for amount in amounts {
            let (sum, overflow) = total.addingReportingOverflow(amount)
            guard !overflow else { return nil }
            total = sum
        }
        return total
    }
}
