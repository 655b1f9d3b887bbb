import ATMLib
import Network

/// Turns a command's options, the environment and the app's defaults into the settings of one
/// run; options win over the environment, the environment over the defaults.
struct SettingsResolver {
    let application: any ATMApplication
    let environment: [String: String]

    /// What a command needs to be told.
    enum Need {
        /// `deposit`: an account and a bank.
        case accountAndBank
        /// `sync`: a bank; each pending deposit carries its own account.
        case bank
        /// `pending`: only the journal.
        case journalOnly
    }

    /// Stands in for what a command does not use but the settings must hold: `sync` sends each
    /// deposit to its own account, `pending` talks to no bank.
    static let placeholderAccount = "atm"
    static let placeholderBank = "http://127.0.0.1"

    /// The bank the command line or the environment names, if either does.
    func namedBankURL(_ options: CommandOptions) -> String? {
        options.bankURL ?? variable("ATM_BANK_URL")
    }

    /// The settings of one run. The bank URL is checked first, then the account, then the
    /// journal's place; the first problem is the one reported. The transport options are the
    /// linked network layer's to judge, when the app builds its graph.
    ///
    /// - Parameters:
    ///   - options: The command's options.
    ///   - need: What the command must be told.
    ///   - bankURL: The bank to use whatever the options say: the bank a pending deposit was
    ///     sent to, for `sync`.
    func resolve(_ options: CommandOptions, needs need: Need, bankURL recordedBankURL: String? = nil) throws(CommandLineFailure) -> ATMRunSettings {
        let account = options.account ?? variable("ATM_ACCOUNT") ?? application.defaults.account
        let bankURL = recordedBankURL ?? namedBankURL(options) ?? application.defaults.bankURL
        let builtInBank = application.defaults.builtInBank
        if need == .accountAndBank, account == nil {
            throw .usage("no account to credit; pass --account ID or set ATM_ACCOUNT")
        }
        if need != .journalOnly, bankURL == nil, builtInBank == nil {
            throw .usage("no bank URL; pass --bank URL or set ATM_BANK_URL")
        }
        let bank: BankOptions
        do {
            let url: BankURL?
            if let bankURL, bankURL != builtInBank {
                url = try BankURL(bankURL, allowsInsecureHTTP: options.allowsInsecureHTTP)
            } else if builtInBank == nil {
                url = try BankURL(Self.placeholderBank, allowsInsecureHTTP: options.allowsInsecureHTTP)
            } else {
                // The app's built-in bank has a name, not a URL (a sync finds it recorded by name).
                url = nil
            }
            _ = try DepositRequest.validatedAccount(account ?? Self.placeholderAccount)
            bank = BankOptions(
                url: url,
                connectTimeout: options.connectTimeout,
                totalTimeout: options.timeout,
                bearerToken: variable("ATM_BANK_TOKEN"),
                caFile: options.caFile ?? variable("ATM_CA_FILE"),
                allowsInsecureHTTP: options.allowsInsecureHTTP
            )
        } catch {
            // An account or URL with a newline must not make a two-line message.
            var message = "\(error)"
            for value in [account, bankURL].compactMap(\.self) where TerminalText.escaped(value) != value {
                message = message.replacing(value, with: TerminalText.escaped(value))
            }
            throw .usage(message)
        }
        let configuration = ATMConfiguration(
            account: account ?? Self.placeholderAccount,
            bank: bank.url?.absoluteString ?? builtInBank ?? Self.placeholderBank,
            journal: try journal(options)
        )
        return ATMRunSettings(configuration: configuration, bank: bank)
    }

    private func journal(_ options: CommandOptions) throws(CommandLineFailure) -> JournalLocation {
        if let path = options.journal ?? variable("ATM_JOURNAL") {
            return JournalLocation(path: path)
        }
        guard let location = JournalLocation.defaultLocation(application: application.name, environment: environment) else {
            throw .usage("no place for the deposit journal; pass --journal PATH or set ATM_JOURNAL (or HOME)")
        }
        return location
    }

    /// An environment variable, or nil when it is unset or empty.
    private func variable(_ name: String) -> String? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        return value
    }
}
