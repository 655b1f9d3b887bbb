import ATMLib
import BillScanner
import Network

/// `deposit`: checks everything it can before the bank is involved, then deposits and prints
/// the receipt.
struct DepositCommand {
    let application: any ATMApplication
    let environment: [String: String]
    let console: Console

    func run(_ arguments: [String]) async -> ExitCode {
        let command = "\(application.name) deposit"
        do {
            let options = try DepositOptions.parse(arguments, command: command)
            if options.wantsHelp {
                console.print(HelpText.deposit(application.name, defaults: application.defaults))
                return .success
            }
            let configuration = try configuration(from: options)
            let bills = try BillArguments.parse(options.bills)
            let depositer = try makeDepositer(configuration)
            let receipt = try await deposit(bills, with: depositer)
            console.print(options.json ? ReceiptPrinter.json(receipt) : ReceiptPrinter.text(receipt))
            return .success
        } catch {
            console.printError("\(application.name): \(error.message)")
            return error.exitCode
        }
    }

    /// The bank configuration from the options, then the environment, then the app's defaults.
    private func configuration(from options: DepositOptions) throws(CommandLineFailure) -> BankConfiguration {
        guard let account = options.account ?? variable("ATM_ACCOUNT") ?? application.defaults.account else {
            throw .usage("no account to credit; pass --account ID or set ATM_ACCOUNT")
        }
        guard let bankURL = options.bankURL ?? variable("ATM_BANK_URL") ?? application.defaults.bankURL else {
            throw .usage("no bank URL; pass --bank URL or set ATM_BANK_URL")
        }
        do {
            return try BankConfiguration(
                baseURL: bankURL,
                account: account,
                connectTimeout: options.connectTimeout ?? BankConfiguration.defaultConnectTimeout,
                totalTimeout: options.timeout ?? BankConfiguration.defaultTotalTimeout,
                bearerToken: variable("ATM_BANK_TOKEN"),
                caFile: options.caFile ?? variable("ATM_CA_FILE"),
                allowsInsecureHTTP: options.allowsInsecureHTTP
            )
        } catch {
            throw .usage(error.message)
        }
    }

    /// An environment variable, or nil when it is unset or empty.
    private func variable(_ name: String) -> String? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        return value
    }

    private func makeDepositer(_ configuration: BankConfiguration) throws(CommandLineFailure) -> ATMDepositer {
        do {
            return try application.makeDepositer(configuration: configuration)
        } catch {
            throw CommandLineFailure(exitCode: .software, message: "the app's object graph is broken:\n\(error)")
        }
    }

    private func deposit(_ bills: [Bill], with depositer: ATMDepositer) async throws(CommandLineFailure) -> DepositReceipt {
        do {
            return try await depositer.deposit(bills)
        } catch let error as ScanError {
            throw .data(error.message)
        } catch let error as NetworkError {
            throw Self.failure(error)
        } catch {
            throw CommandLineFailure(exitCode: .software, message: "unexpected error: \(error)")
        }
    }

    /// The exit status a bank failure deserves.
    static func failure(_ error: NetworkError) -> CommandLineFailure {
        if let status = error.statusCode, status == 401 || status == 403 {
            return CommandLineFailure(exitCode: .permissionDenied, message: error.message)
        }
        if let status = error.statusCode, (400..<500).contains(status) {
            return CommandLineFailure(exitCode: .dataError, message: error.message)
        }
        if error.mayHaveBeenCredited {
            return CommandLineFailure(
                exitCode: .temporaryFailure,
                message: "\(error.message); the deposit may have been recorded, so check the balance before depositing again"
            )
        }
        return CommandLineFailure(exitCode: .unavailable, message: error.message)
    }
}
