/// Writes every help of the command line from the ``CommandTable``: the general help, and each
/// command's.
struct HelpRenderer {
    /// Labels are padded to this many spaces past the longest in their list…
    static let gap = 3
    /// …but the help beside them starts at most this far past the indentation, so a long label
    /// (`--connect-timeout SECONDS`) does not push every help line to the right.
    static let widestLabelColumn = 27
    /// The width the renderer wraps its own paragraphs to; the table's text comes wrapped.
    static let lineWidth = 80

    let table: CommandTable

    /// `atm --help`: the commands and what each does.
    var general: String {
        let program = table.program
        let rows = table.commands.map { ([$0.name] + [$0.operands].compactMap(\.self)).joined(separator: " ") }
        let list = Self.list(zip(rows, table.commands.map(\.summary)) + [("help [<command>]", "show help for a command")])
        return """
            usage: \(program) <command> [options]

            \(table.abstract)

            commands:
            \(list)

            Run '\(program) <command> --help' for a command's options.
            """
    }

    /// `atm deposit --help`: the command's usage, what it does, its options and exit statuses.
    func page(_ command: CommandSpec) -> String {
        var blocks = ["usage: \(table.program) \(command.synopsis)", command.description]
        let shown = command.entries.filter(\.isShown).map(\.option)
        switch command.optionsSection {
        case .table:
            let options = shown.map { ($0.label, $0.fullHelp) }
            let variables = command.environment.map { ($0.variable, $0.help) }
            let column = Self.column(options + variables)
            blocks.append("options:\n" + Self.list(options, column: column))
            if !variables.isEmpty {
                blocks.append("environment:\n" + Self.list(variables, column: column))
            }
        case let .reference(other):
            let names = shown.map { "\($0.name)," }.joined(separator: " ")
            blocks.append(Self.wrapped("options: \(names) as for \(other)"))
        case .usageOnly:
            break
        }
        blocks += [command.discussion, "exit status: \(command.exitStatus)"].compactMap(\.self)
        return blocks.joined(separator: "\n\n")
    }

    // MARK: - Layout

    /// Where the help of a list starts, past the indentation.
    private static func column(_ rows: [(label: String, help: String)]) -> Int {
        min((rows.map(\.label.count).max() ?? 0) + gap, widestLabelColumn)
    }

    /// Rows of a label and its help, indented by two, each help line under the first.
    private static func list(_ rows: [(label: String, help: String)], column: Int? = nil) -> String {
        let column = column ?? Self.column(rows)
        let indent = String(repeating: " ", count: 2 + column)
        return rows.map { label, help in
            let padding = String(repeating: " ", count: max(column - label.count, 1))
            return "  \(label)\(padding)" + help.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
        }.joined(separator: "\n")
    }

    /// The text's words, as many on a line as fit in ``lineWidth``.
    private static func wrapped(_ text: String) -> String {
        var lines: [String] = []
        for word in text.split(separator: " ") {
            if let last = lines.last, last.count + 1 + word.count <= lineWidth {
                lines[lines.count - 1] += " " + word
            } else {
                lines.append(String(word))
            }
        }
        return lines.joined(separator: "\n")
    }
}
