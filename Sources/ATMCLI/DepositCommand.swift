import ATMLib
import BillScanner

/// `deposit`: checks everything it can before the bank is involved, records the deposit in the
/// journal, deposits, and prints the receipt.
struct DepositCommand {
    let context: CommandContext

    func run(_ options: CommandOptions) async -> ExitCode {
        await context.run { () throws(CommandLineFailure) in
            // Bad bills are bad data (65) whatever else is wrong or missing.
            let bills = try BillArguments.parse(options.positionals)
            let settings = try context.settings.resolve(options, needs: .accountAndBank)
            let atm = try await context.makeATM(settings, consequence: "the deposit was not sent")
            let receipt: DepositReceipt
            do {
                receipt = try await atm.depositer.deposit(bills: bills)
            } catch let error as JournalError where error.kind == .full {
                throw CommandLineFailure(
                    exitCode: .journalFull,
                    message: "\(error.message); the deposit was not sent: run '\(context.name) sync' to complete the pending deposits, then deposit again"
                )
            } catch let error as JournalError {
                throw CommandLineFailure(exitCode: .ioError, message: "\(error.message); the deposit was not sent")
            } catch {
                throw context.failure(error)
            }
            context.console.print(options.json ? ReceiptPrinter.json(receipt) : ReceiptPrinter.text(receipt))
            if let stillListed = receipt.stillListed {
                // Credited, so the status stays 0 (README, "What an exit status tells you").
                let listing = stillListed.kind == .leftUnsent
                    ? "taking it out of the journal could not be made durable" : "the journal still lists it"
                context.console.printError(
                    "\(context.name): the deposit was credited, but \(listing): \(stillListed.message); "
                        + "'\(context.name) sync' settles it, and the bank answers with the same credit"
                )
            }
            if let failure = context.console.outputFailure {
                throw CommandLineFailure(
                    exitCode: .cannotWriteOutput,
                    message: "the deposit of \(receipt.amount) into \(TerminalText.escaped(receipt.account)) was credited "
                        + "(deposit \(TerminalText.escaped(receipt.depositID)), balance \(ReceiptPrinter.balance(receipt.balance))), "
                        + "but its receipt could not be written to standard output: \(failure)"
                )
            }
            return .success
        }
    }
}
