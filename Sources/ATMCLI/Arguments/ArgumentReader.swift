/// Reads a command's arguments as its entry in the ``CommandTable`` says: the one parser of the
/// command line.
struct ArgumentReader {
    /// What the arguments asked for.
    enum Outcome: Equatable {
        /// The command's help.
        case help
        /// A run of the command, with these options.
        case run(CommandOptions)
    }

    /// The command whose arguments these are.
    let command: CommandSpec
    /// The app's name, for the messages: `atm`.
    let program: String

    /// Reads the arguments after the command's name.
    ///
    /// - Throws: ``CommandLineFailure`` with ``ExitCode/usage`` for an option the command does
    ///   not take, a missing or bad value, or an operand it does not take.
    func read(_ arguments: [String]) throws(CommandLineFailure) -> Outcome {
        let outcome = switch command.reading {
        case .whole: try readWhole(arguments)
        case .inOrder: try readInOrder(arguments)
        case .nothingButHelp: try readNothingButHelp(arguments)
        }
        if case let .run(options) = outcome { try checkChoices(options) }
        return outcome
    }

    // MARK: - The three readings

    private func readWhole(_ arguments: [String]) throws(CommandLineFailure) -> Outcome {
        var options = CommandOptions()
        var wantsHelp = false
        var refused: (option: OptionSpec, reason: String)?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                options.positionals.append(contentsOf: remaining)
                break
            }
            guard Self.isOption(argument) else {
                options.positionals.append(argument)
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard let entry = command.entry(spelled: name) else { throw unknownOption(argument) }
            if case .help = entry.option.action {
                wantsHelp = true
                continue
            }
            try apply(entry.option, spelled: name, inlineValue: inlineValue, remaining: &remaining, to: &options) { () throws(CommandLineFailure) in
                throw unknownOption(argument)
            }
            if case let .refused(reason) = entry.presence, refused == nil {
                refused = (entry.option, reason)
            }
        }
        if wantsHelp { return .help }
        guard command.operands != nil || options.positionals.isEmpty else {
            throw .usage("\(command.name) takes no bills; \(seeHelp)")
        }
        if let refused {
            throw .usage("\(command.name) takes no \(refused.option.name): \(refused.reason)")
        }
        return .run(options)
    }

    private func readInOrder(_ arguments: [String]) throws(CommandLineFailure) -> Outcome {
        var options = CommandOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, inlineValue) = Self.split(argument)
            let unknown = CommandLineFailure.usage("unknown argument '\(TerminalText.escaped(argument))' for \(command.name); \(seeHelp)")
            guard let entry = command.entry(spelled: name) else { throw unknown }
            if case .help = entry.option.action {
                guard inlineValue == nil else { throw unknown }
                return .help
            }
            try apply(entry.option, spelled: name, inlineValue: inlineValue, remaining: &remaining, to: &options) { () throws(CommandLineFailure) in
                throw unknown
            }
        }
        return .run(options)
    }

    private func readNothingButHelp(_ arguments: [String]) throws(CommandLineFailure) -> Outcome {
        guard let argument = arguments.first else { return .run(CommandOptions()) }
        if arguments.count == 1, let entry = command.entry(spelled: argument), case .help = entry.option.action {
            return .help
        }
        throw .usage("\(command.name) takes no arguments; \(seeHelp)")
    }

    // MARK: - Values

    /// Sets the option's field from its value: the inline one (`--bank=URL`), or the next
    /// argument, whatever it is. A flag given an inline value (`--json=yes`) is refused as
    /// `refuseInlineValue` says.
    private func apply(
        _ option: OptionSpec, spelled name: String, inlineValue: String?, remaining: inout ArraySlice<String>,
        to options: inout CommandOptions, refuseInlineValue: () throws(CommandLineFailure) -> Void
    ) throws(CommandLineFailure) {
        func value() throws(CommandLineFailure) -> String {
            if let inlineValue { return inlineValue }
            guard let next = remaining.popFirst() else {
                throw .usage("\(name) needs a value; \(seeHelp)")
            }
            return next
        }
        switch option.action {
        case let .text(field):
            options[keyPath: field] = try value()
        case let .seconds(field):
            options[keyPath: field] = try SecondsArgument.parse(try value(), option: name)
        case let .flag(field):
            if inlineValue != nil { try refuseInlineValue() }
            options[keyPath: field] = true
        case .help:
            break
        }
    }

    /// Refuses a value an option with choices does not take: `unknown graph format 'yaml'`.
    private func checkChoices(_ options: CommandOptions) throws(CommandLineFailure) {
        for entry in command.entries where !entry.option.choices.isEmpty {
            guard case let .text(field) = entry.option.action, let value = options[keyPath: field],
                  !entry.option.choices.contains(value) else { continue }
            let noun = entry.option.valueName?.lowercased() ?? "value"
            throw .usage(
                "unknown \(command.name) \(noun) '\(TerminalText.escaped(value))'; use \(entry.option.choices.joined(separator: ", "))"
            )
        }
    }

    // MARK: - Tokens

    private var seeHelp: String { "run '\(program) \(command.name) --help' for usage" }

    private func unknownOption(_ argument: String) -> CommandLineFailure {
        .usage("unknown option '\(TerminalText.escaped(argument))'; \(seeHelp)")
    }

    /// Whether the argument is an option: it starts with `-`, and not with `-` and a digit (`-5`
    /// is a bad bill), and is not `-` alone.
    private static func isOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument.count > 1 && !(argument.dropFirst().first?.isASCIIDigit ?? false)
    }

    /// `--bank=URL` gives `("--bank", "URL")`; `--bank` gives `("--bank", nil)`.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
