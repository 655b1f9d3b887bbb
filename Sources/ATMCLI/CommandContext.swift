import ATMLib
import BillScanner
import Network

/// What every command works with: the app, its environment and console; and the two things all
/// of them do: build the app's graph, and turn an error into a message and an exit status.
struct CommandContext {
    let application: any ATMApplication
    let environment: [String: String]
    let console: Console

    /// The app's name, escaped: it comes from the program's first argument.
    var name: String { TerminalText.escaped(application.name) }

    var settings: SettingsResolver { SettingsResolver(application: application, environment: environment) }

    /// Builds the app's root. Bank options the network layer refuses are a usage error (64), a
    /// journal that cannot be opened an input/output error (74), and a broken graph the app's
    /// fault (70).
    ///
    /// - Parameters:
    ///   - settings: The invocation's settings.
    ///   - consequence: What a journal that cannot be opened means for the command, added to
    ///     its message: `the deposit was not sent`.
    func makeATM(_ settings: ATMRunSettings, consequence: String? = nil) async throws(CommandLineFailure) -> ATM {
        do {
            return try await application.makeATM(settings: settings)
        } catch {
            switch error {
            case let .bankOptions(refusal):
                // One line, whatever the options held.
                throw .usage(TerminalText.escaped(refusal.message))
            case let .journal(journal):
                throw CommandLineFailure(exitCode: .ioError, message: journal.message + (consequence.map { "; \($0)" } ?? ""))
            case let .graph(description):
                throw CommandLineFailure(exitCode: .software, message: "the app's object graph is broken:\n\(description)")
            }
        }
    }

    /// Runs a step of the ATM (a deposit, a sync, a read of the journal), turning its error into
    /// the command's failure.
    func attempt<T>(_ step: () async throws -> T) async throws(CommandLineFailure) -> T {
        do {
            return try await step()
        } catch {
            throw failure(error)
        }
    }

    /// Runs a command body, printing its failure as `<app>: <message>` on stderr.
    func run(_ body: () async throws(CommandLineFailure) -> ExitCode) async -> ExitCode {
        do {
            return try await body()
        } catch {
            if error.exitCode == .software {
                console.printErrorLines("\(name): \(error.message)")
            } else {
                console.printError("\(name): \(error.message)")
            }
            return error.exitCode
        }
    }

    /// The message and exit status an error of a deposit, a sync or the journal deserves.
    func failure(_ error: any Error) -> CommandLineFailure {
        switch error {
        case let error as CommandLineFailure:
            return error
        case let error as ScanError:
            return .data(error.message)
        case let error as JournalError:
            return CommandLineFailure(exitCode: error.kind == .full ? .journalFull : .ioError, message: error.message)
        case let error as DepositPending:
            return CommandLineFailure(
                exitCode: .temporaryFailure,
                message: "the deposit of \(Money(cents: error.deposit.amountCents)) to \(error.deposit.account) is pending: "
                    + "\(error.reason); it is kept in the journal \(error.journalLocation): run '\(name) sync' to complete it"
            )
        case let error as NetworkError:
            return Self.failure(error)
        default:
            return CommandLineFailure(exitCode: .software, message: "unexpected error: \(error)")
        }
    }

    /// The exit status a bank failure deserves.
    static func failure(_ error: NetworkError) -> CommandLineFailure {
        if let status = error.statusCode, status == 401 || status == 403 {
            return CommandLineFailure(exitCode: .permissionDenied, message: error.message)
        }
        if error.isRefusal {
            return CommandLineFailure(exitCode: .dataError, message: error.message)
        }
        if error.mayHaveBeenCredited {
            return CommandLineFailure(exitCode: .temporaryFailure, message: "\(error.message); the deposit may have been recorded")
        }
        return CommandLineFailure(exitCode: .unavailable, message: error.message)
    }
}
