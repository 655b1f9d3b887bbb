/// One option in the command table: how it is spelled, the value it takes, what its help says,
/// the environment variable that stands in for it, and the field of ``CommandOptions`` it sets.
struct OptionSpec {
    /// What reading the option does.
    enum Action {
        /// Sets a text field to the option's value: `--bank URL`.
        case text(WritableKeyPath<CommandOptions, String?>)
        /// Sets a duration to the option's value, a number of seconds: `--timeout 15`.
        case seconds(WritableKeyPath<CommandOptions, Duration?>)
        /// Sets a field to true; the option takes no value: `--json`.
        case flag(WritableKeyPath<CommandOptions, Bool>)
        /// Asks for the command's help: `-h`, `--help`.
        case help
    }

    /// Every spelling, as the help lists them: `["-h", "--help"]`.
    let spellings: [String]
    /// What the help calls the value, `URL`; nil for an option that takes none.
    let valueName: String?
    /// The only values the option takes, if it takes a few: `graph --format`'s formats. The usage
    /// line shows them in place of the value's name.
    let choices: [String]
    /// What the option is for: `the bank's http or https URL`. A line break continues the help
    /// on the next line, under the first.
    let help: String
    /// The environment variable read when the option is not given: `ATM_BANK_URL`.
    let environment: String?
    /// What the option's default is, or why it is not needed, after the variable:
    /// `(default: developer)`.
    let note: String?
    /// What reading the option does.
    let action: Action

    init(
        _ spellings: String..., value valueName: String? = nil, choices: [String] = [], help: String,
        environment: String? = nil, note: String? = nil, action: Action
    ) {
        self.spellings = spellings
        self.valueName = valueName
        self.choices = choices
        self.help = help
        self.environment = environment
        self.note = note
        self.action = action
    }

    /// The spelling messages and usage lines use: the last, `--help`.
    var name: String { spellings.last ?? "" }

    /// Whether the option takes a value.
    var takesValue: Bool {
        switch action {
        case .text, .seconds: true
        case .flag, .help: false
        }
    }

    /// The option in the help's list: `-h, --help`, `--bank URL`.
    var label: String {
        spellings.joined(separator: ", ") + (valueName.map { " \($0)" } ?? "")
    }

    /// The option in a usage line: `[--bank URL]`, `[--format text|dot|mermaid|json]`.
    var synopsis: String {
        let value = choices.isEmpty ? valueName : choices.joined(separator: "|")
        return "[\(name)\(value.map { " \($0)" } ?? "")]"
    }

    /// The help with its variable and note: `the account to credit, or ATM_ACCOUNT (default: developer)`.
    var fullHelp: String {
        help + (environment.map { ", or \($0)" } ?? "") + (note.map { " \($0)" } ?? "")
    }
}
