import ATMLib

/// `deposit`: checks everything it can before the bank is involved, records the deposit in the
/// journal, deposits, and prints the receipt.
struct DepositCommand {
    let context: CommandContext

    func run(_ arguments: [String]) async -> ExitCode {
        await context.run { () throws(CommandLineFailure) in
            let options = try CommandOptions.parse(arguments, command: "\(context.name) deposit")
            if options.wantsHelp {
                context.console.print(HelpText.deposit(context.name, defaults: context.application.defaults))
                return .success
            }
            let configuration = try context.settings.configuration(options, needs: .accountAndBank)
            let bills = try BillArguments.parse(options.positionals)
            let atm = try context.makeATM(configuration)
            let receipt: DepositReceipt
            do {
                receipt = try await atm.depositer.deposit(bills)
            } catch {
                throw context.failure(error)
            }
            context.console.print(options.json ? ReceiptPrinter.json(receipt) : ReceiptPrinter.text(receipt))
            return .success
        }
    }
}
