import BillScanner

/// Every command of `atm` and `atm-dev`, with its options: the one table the command line reads
/// arguments by (``ArgumentReader``), writes every help from (``HelpRenderer``), and runs
/// commands from.
struct CommandTable {
    /// The app's name: `atm`.
    let program: String
    /// What the app does: the general help's first paragraph.
    let abstract = "Deposits cash into a bank account."
    /// The commands, in the order the general help lists them.
    let commands: [CommandSpec]

    /// The table of an app. Some help depends on it: its name, and the account and bank it
    /// uses when nothing names one.
    init(program: String, defaults: ATMDefaults) {
        self.program = program
        let options = Options(program: program, defaults: defaults)
        commands = [
            CommandSpec(
                name: "deposit",
                operands: "<bills>...",
                summary: "deposit bills, such as 20 20 5 or 20x2 5",
                description: """
                    Deposits bills into an account. Write each bill by its face value (20 20 5), or a face
                    value and a count (20x2 5). Accepted face values: 1, 2, 5, 10, 20, 50 and 100; at most
                    \(BillScanner.maximumNoteCount) notes and \(BillScanner.maximumAmount) per deposit.
                    """,
                entries: [
                    .init(option: options.account, presence: .synopsis),
                    .init(option: options.bank, presence: .synopsis),
                    .init(option: options.json, presence: .synopsis),
                    .init(option: options.timeout, presence: .listed),
                    .init(option: options.connectTimeout, presence: .listed),
                    .init(option: options.caFile, presence: .listed),
                    .init(option: options.allowInsecureHTTP, presence: .listed),
                    .init(option: options.journal, presence: .listed),
                    .init(option: options.help, presence: .listed),
                ],
                optionsSection: .table,
                environment: [(variable: "ATM_BANK_TOKEN", help: "a bearer token for the bank; never printed")],
                discussion: """
                    Every deposit is recorded in the journal before it is sent. When the bank's answer is
                    lost, the deposit stays there as pending; '\(program) sync' completes it with the same
                    idempotency key, so the bank credits it exactly once.
                    """,
                exitStatus: """
                    0 deposited, 64 bad usage, 65 bad bills or refused by the bank,
                    69 bank unavailable (nothing was recorded), 70 broken object graph, 72 journal
                    full (nothing was sent; run sync), 73 deposited but the receipt could not be
                    written, 74 journal unreadable or unwritable (nothing was sent), 75 pending
                    (run sync), 77 credentials refused
                    """,
                reading: .whole,
                run: { await DepositCommand(context: $0).run($1) }
            ),
            CommandSpec(
                name: "pending",
                operands: nil,
                summary: "list the deposits whose outcome is not known yet",
                description: "Lists the deposits of the journal whose outcome is not known yet, with their amounts.",
                entries: [
                    .init(option: options.journal, presence: .synopsis),
                    .init(option: options.json, presence: .synopsis),
                    .init(option: options.account, presence: .hidden),
                    .init(option: options.bank, presence: .hidden),
                    .init(option: options.timeout, presence: .hidden),
                    .init(option: options.connectTimeout, presence: .hidden),
                    .init(option: options.caFile, presence: .hidden),
                    .init(option: options.allowInsecureHTTP, presence: .hidden),
                    .init(option: options.help, presence: .hidden),
                ],
                optionsSection: .usageOnly,
                environment: [],
                discussion: nil,
                exitStatus: "0 listed, 64 bad usage, 73 the list could not be written, 74 journal unreadable or corrupt",
                reading: .whole,
                run: { await PendingCommand(context: $0).run($1) }
            ),
            CommandSpec(
                name: "sync",
                operands: nil,
                summary: "complete the pending deposits with the bank",
                description: """
                    Re-sends every pending deposit of the journal with its original idempotency key, so the
                    bank credits each exactly once, and removes the confirmed ones from the journal. Each
                    deposit goes to the account it was made for, and to the bank it was sent to; with --bank
                    (or ATM_BANK_URL), only the deposits made with that bank are sent.
                    """,
                entries: [
                    .init(option: options.bank, presence: .synopsis),
                    .init(option: options.journal, presence: .synopsis),
                    .init(option: options.timeout, presence: .listed),
                    .init(option: options.connectTimeout, presence: .listed),
                    .init(option: options.caFile, presence: .listed),
                    .init(option: options.allowInsecureHTTP, presence: .listed),
                    .init(option: options.json, presence: .synopsis),
                    .init(option: options.account, presence: .refused("each pending deposit goes to the account it was made for")),
                    .init(option: options.help, presence: .hidden),
                ],
                optionsSection: .reference(to: "deposit"),
                environment: [],
                discussion: nil,
                exitStatus: """
                    0 every pending deposit confirmed (or none pending), 64 bad usage,
                    65 the bank refused a deposit for good (it stays in the journal for review),
                    73 synced but the summary could not be written, 74 journal unreadable or
                    unwritable (the summary says what was done), 75 some deposits are still pending
                    """,
                reading: .whole,
                run: { await SyncCommand(context: $0).run($1) }
            ),
            CommandSpec(
                name: "graph",
                operands: nil,
                summary: "print the app's object graph",
                description: """
                    Prints the app's resolved object graph: every binding, the module that declared it and
                    where, and every dependency. Provider edges are dashed in dot and mermaid.
                    """,
                entries: [
                    .init(option: options.format, presence: .synopsis),
                    .init(option: options.help, presence: .listed),
                ],
                optionsSection: .table,
                environment: [],
                discussion: nil,
                exitStatus: """
                    0 printed, 64 bad usage, 65 the graph does not validate, 73 the graph could not be
                    written
                    """,
                reading: .inOrder,
                run: { GraphCommands(context: $0).graph($1) }
            ),
            CommandSpec(
                name: "validate",
                operands: nil,
                summary: "check the app's object graph and its wiring rules",
                description: """
                    Checks the app's object graph, with every wiring rule, and prints every problem with its
                    location and its fix.
                    """,
                entries: [.init(option: options.help, presence: .hidden)],
                optionsSection: .usageOnly,
                environment: [],
                discussion: nil,
                exitStatus: "0 valid, 64 bad usage, 65 not valid, 73 the result could not be written",
                reading: .nothingButHelp,
                run: { context, _ in GraphCommands(context: context).validate() }
            ),
        ]
    }

    /// The command of that name.
    func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }
}

// MARK: - Options

extension CommandTable {
    /// Every option, defined once; the commands that take one share its definition.
    private struct Options {
        let program: String
        let defaults: ATMDefaults

        var account: OptionSpec {
            OptionSpec(
                "--account", value: "ID", help: "the account to credit", environment: "ATM_ACCOUNT",
                note: defaults.account.map { "(default: \($0))" }, action: .text(\.account)
            )
        }

        var bank: OptionSpec {
            OptionSpec(
                "--bank", value: "URL", help: "the bank's http or https URL", environment: "ATM_BANK_URL",
                note: defaults.builtInBank == nil ? nil : "(not needed: the development bank is in memory)", action: .text(\.bankURL)
            )
        }

        var json: OptionSpec {
            OptionSpec("--json", help: "print the receipt as JSON", action: .flag(\.json))
        }

        var timeout: OptionSpec {
            OptionSpec("--timeout", value: "SECONDS", help: "how long one attempt may take (default 15)", action: .seconds(\.timeout))
        }

        var connectTimeout: OptionSpec {
            OptionSpec(
                "--connect-timeout", value: "SECONDS", help: "how long to wait for a connection (default 5)", action: .seconds(\.connectTimeout)
            )
        }

        var caFile: OptionSpec {
            OptionSpec(
                "--ca-file", value: "PATH", help: "also trust this certificate authority file", environment: "ATM_CA_FILE", action: .text(\.caFile)
            )
        }

        var allowInsecureHTTP: OptionSpec {
            OptionSpec("--allow-insecure-http", help: "allow plain http to a host that is not loopback", action: .flag(\.allowsInsecureHTTP))
        }

        var journal: OptionSpec {
            OptionSpec(
                "--journal", value: "PATH", help: "the deposit journal", environment: "ATM_JOURNAL",
                note: """
                    (default:
                    $XDG_STATE_HOME/\(defaults.stateFolder)/journal.json or
                    ~/.local/state/\(defaults.stateFolder)/journal.json)
                    """,
                action: .text(\.journal)
            )
        }

        var format: OptionSpec {
            OptionSpec(
                "--format", value: "FORMAT", choices: GraphReport.formats,
                help: """
                    text (an indented tree, the default), dot (Graphviz), mermaid
                    (renders on GitHub), or json (the documented schema)
                    """,
                action: .text(\.format)
            )
        }

        var help: OptionSpec {
            OptionSpec("-h", "--help", help: "show this help", action: .help)
        }
    }
}
