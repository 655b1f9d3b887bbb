import ATMLib

/// `deposit`: checks everything it can before the bank is involved, records the deposit in the
/// journal, deposits, and prints the receipt.
struct DepositCommand {
    let context: CommandContext

    func run(_ arguments: [String]) async -> ExitCode {
        await context.run { () throws(CommandLineFailure) in
            let help = HelpText.deposit(context.name, defaults: context.application.defaults)
            guard let (options, configuration) = try context.begin("deposit", arguments, help: help, needs: .accountAndBank, takesBills: true) else {
                return .success
            }
            let bills = try BillArguments.parse(options.positionals)
            let atm = try context.makeATM(configuration)
            let receipt = try await context.attempt { try await atm.depositer.deposit(bills) }
            context.console.print(options.json ? ReceiptPrinter.json(receipt) : ReceiptPrinter.text(receipt))
            return .success
        }
    }
}
