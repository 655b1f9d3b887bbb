/// One command in the command table: its name, what it reads, what its help says, and what runs
/// it.
struct CommandSpec {
    /// An option of the command, and how the command shows it.
    struct Entry {
        /// How a command shows one of its options.
        enum Presence: Equatable {
            /// In the usage line and in the help's options.
            case synopsis
            /// In the help's options only.
            case listed
            /// Read, and not shown: `pending` reads the bank's options and ignores them.
            case hidden
            /// Read, then refused with the reason: `sync --account`.
            case refused(String)
        }

        let option: OptionSpec
        let presence: Presence

        /// Whether the command's help shows the option.
        var isShown: Bool { presence == .synopsis || presence == .listed }

        /// Whether the command refuses the option once it is read.
        var isRefused: Bool {
            if case .refused = presence { true } else { false }
        }
    }

    /// How the command's help shows its options.
    enum OptionsSection {
        /// One row each, with its help: `deposit`, `graph`.
        case table
        /// Their names, described in another command's help: `sync`'s, in `deposit`'s.
        case reference(to: String)
        /// None but those of the usage line: `pending`, `validate`.
        case usageOnly
    }

    /// How the command reads its arguments. The commands read them in three ways, kept as they
    /// are so that no message changes.
    enum Reading {
        /// Every argument is read before any is judged, options and operands in any order: the
        /// first bad option is refused; then `--help` wins; then operands a command does not
        /// take, then options it refuses. `--` ends the options, a token of `-` and a digit is
        /// an operand (`-5` is a bad bill), and `--help=x` asks for help. An unknown option is
        /// `unknown option '--x'`. `deposit`, `sync`, `pending`.
        case whole
        /// The arguments are read in order: `--help` prints the help at once, and the first
        /// argument that is not an option of the command is `unknown argument 'x' for graph`.
        /// `graph`.
        case inOrder
        /// Nothing, or a lone `--help`; anything else is `validate takes no arguments`.
        /// `validate`.
        case nothingButHelp
    }

    /// The command's name: `deposit`.
    let name: String
    /// Its operands in usage lines, `<bills>...`; nil when it takes none.
    let operands: String?
    /// Its line in the list of commands.
    let summary: String
    /// What it does: the help's first paragraph.
    let description: String
    /// Its options, in the order its help lists them.
    let entries: [Entry]
    /// How its help shows its options.
    let optionsSection: OptionsSection
    /// Environment variables it reads that no option stands for, with their help.
    let environment: [(variable: String, help: String)]
    /// A paragraph after the options, if any.
    let discussion: String?
    /// Its exit statuses, after `exit status: `.
    let exitStatus: String
    /// How it reads its arguments.
    let reading: Reading
    /// Runs it with what its arguments asked for.
    let run: (CommandContext, CommandOptions) async -> ExitCode

    /// The entry of an option spelled so: `--bank`.
    func entry(spelled spelling: String) -> Entry? {
        entries.first { $0.option.spellings.contains(spelling) }
    }

    /// The command in a usage line: `deposit <bills>... [--account ID] [--bank URL] [--json]`.
    var synopsis: String {
        let options = entries.filter { $0.presence == .synopsis }.map(\.option.synopsis)
        return ([name] + [operands].compactMap(\.self) + options).joined(separator: " ")
    }
}
