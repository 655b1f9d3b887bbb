import ATMLib
import Network

/// Turns a command's options, the environment and the app's defaults into the settings of one
/// run; options win over the environment, the environment over the defaults.
///
/// Each command reads only the settings it uses: `pending` reads the journal's place alone (no
/// account, no bank, no transport option), and `sync` reads no account, since each pending
/// deposit carries its own. So a variable a command does not use, however wrong, cannot stop it.
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
    /// An app whose bank is in memory (`atm-dev`) refuses a bank URL, from `--bank` or
    /// `ATM_BANK_URL`: it cannot reach that bank, and must not seem to deposit there, nor complete
    /// that bank's deposits against its own.
    ///
    /// - Parameters:
    ///   - options: The command's options.
    ///   - need: What the command must be told.
    ///   - bankURL: The bank to use whatever the options say: the bank a pending deposit was
    ///     sent to, for `sync`.
    func resolve(_ options: CommandOptions, needs need: Need, bankURL recordedBankURL: String? = nil) throws(CommandLineFailure) -> ATMRunSettings {
        let builtInBank = application.defaults.builtInBank
        guard need != .journalOnly else {
            // `pending` talks to no bank: neither the account nor any bank setting is read.
            let url = builtInBank == nil ? try? BankURL(Self.placeholderBank) : nil
            let configuration = ATMConfiguration(
                account: Self.placeholderAccount, bank: url?.absoluteString ?? builtInBank ?? Self.placeholderBank, journal: try journal(options)
            )
            return ATMRunSettings(configuration: configuration, bank: BankOptions(url: url))
        }
        if let builtInBank, recordedBankURL == nil || recordedBankURL == builtInBank {
            try refuseNamedBank(options, builtInBank: builtInBank)
        }
        let account = need == .accountAndBank ? options.account ?? variable("ATM_ACCOUNT") ?? application.defaults.account : Self.placeholderAccount
        let bankURL = recordedBankURL ?? (builtInBank == nil ? namedBankURL(options) : nil) ?? application.defaults.bankURL
        if account == nil {
            throw .usage("no account to credit; pass --account ID or set ATM_ACCOUNT")
        }
        if bankURL == nil, builtInBank == nil {
            throw .usage("no bank URL; pass --bank URL or set ATM_BANK_URL")
        }
        let bank: BankOptions
        do {
            let url: BankURL?
            if let bankURL, bankURL != builtInBank {
                url = try BankURL(bankURL, allowsInsecureHTTP: options.allowsInsecureHTTP)
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
            throw .usage(TerminalText.escaped(error.message))
        }
        let configuration = ATMConfiguration(
            account: account ?? Self.placeholderAccount,
            bank: bank.url?.absoluteString ?? builtInBank ?? Self.placeholderBank,
            journal: try journal(options)
        )
        return ATMRunSettings(configuration: configuration, bank: bank)
    }

    /// Refuses a bank URL given to an app whose bank is in memory: `atm-dev deposit 20 --bank
    /// https://bank.example` must not print a receipt for a deposit no bank received.
    private func refuseNamedBank(_ options: CommandOptions, builtInBank: String) throws(CommandLineFailure) {
        let named: String
        let source: String
        let fix: String
        if let flag = options.bankURL {
            (named, source, fix) = (flag, "--bank", "leave out --bank")
        } else if let value = variable("ATM_BANK_URL") {
            (named, source, fix) = (value, "ATM_BANK_URL", "unset ATM_BANK_URL")
        } else {
            return
        }
        guard named != builtInBank else { return }
        throw .usage(
            "\(application.name) deposits only into its \(builtInBank), so it cannot use the bank \(TerminalText.escaped(BankURL.redactingCredentials(named))) "
                + "that \(source) names; use the production app for a real bank, or \(fix)"
        )
    }

    /// The journal's place: `--journal`, else `ATM_JOURNAL`, else the app's default, which
    /// depends only on the environment's `XDG_STATE_HOME` or `HOME` (never on the name the app
    /// was run by, nor on the current folder).
    private func journal(_ options: CommandOptions) throws(CommandLineFailure) -> JournalLocation {
        // An empty --journal is a mistake in the command (64), not a journal that failed (74).
        if options.journal == "" {
            throw .usage("--journal takes the path of a file, not an empty string")
        }
        if let path = options.journal ?? variable("ATM_JOURNAL") {
            return JournalLocation(path: path)
        }
        guard let location = JournalLocation.defaultLocation(application: application.defaults.stateFolder, environment: environment) else {
            throw .usage(
                "no place for the deposit journal: HOME is not set to an absolute path (nor XDG_STATE_HOME); "
                    + "pass --journal PATH, or set ATM_JOURNAL or HOME"
            )
        }
        return location
    }

    /// An environment variable, or nil when it is unset or empty.
    private func variable(_ name: String) -> String? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        return value
    }
}
