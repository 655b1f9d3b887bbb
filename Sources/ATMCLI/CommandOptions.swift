/// What a command was asked to do, before any of it is checked: its positional arguments (the
/// bills of `deposit`) and the options the commands share.
struct CommandOptions: Equatable {
    var positionals: [String] = []
    var journal: String?
    var account: String?
    var bankURL: String?
    var json = false
    var timeout: Duration?
    var connectTimeout: Duration?
    var caFile: String?
    var allowsInsecureHTTP = false
    var wantsHelp = false

    /// Reads a command's arguments: positionals and options, in any order.
    ///
    /// A token that starts with `-` and a digit is a positional (`-5` is a bad bill, not an
    /// option).
    static func parse(_ arguments: [String], command: String) throws(CommandLineFailure) -> CommandOptions {
        var options = CommandOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                options.positionals.append(contentsOf: remaining)
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1, !(argument.dropFirst().first?.isASCIIDigit ?? false) else {
                options.positionals.append(argument)
                continue
            }
            let (name, inlineValue) = Self.splitOption(argument)
            func value() throws(CommandLineFailure) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else {
                    throw .usage("\(name) needs a value; run '\(command) --help' for usage")
                }
                return next
            }
            switch name {
            case "--account": options.account = try value()
            case "--bank": options.bankURL = try value()
            case "--ca-file": options.caFile = try value()
            case "--journal": options.journal = try value()
            case "--timeout": options.timeout = try Self.seconds(try value(), option: name)
            case "--connect-timeout": options.connectTimeout = try Self.seconds(try value(), option: name)
            case "--json" where inlineValue == nil: options.json = true
            case "--allow-insecure-http" where inlineValue == nil: options.allowsInsecureHTTP = true
            case "--help", "-h": options.wantsHelp = true
            default: throw .usage("unknown option '\(TerminalText.escaped(argument))'; run '\(command) --help' for usage")
            }
        }
        return options
    }

    /// `--bank=URL` gives `("--bank", "URL")`; `--bank` gives `("--bank", nil)`.
    private static func splitOption(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// A positive number of seconds, with up to three decimals: `15`, `0.5`.
    private static func seconds(_ text: String, option: String) throws(CommandLineFailure) -> Duration {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts.first.map(String.init) ?? ""
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        guard !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit), fraction.count <= 3, fraction.allSatisfy(\.isASCIIDigit),
              let seconds = Int(whole), seconds <= 3600,
              let milliseconds = Int(fraction + String(repeating: "0", count: 3 - fraction.count)) else {
            throw .usage("\(option) takes a number of seconds such as 15 or 0.5, not '\(TerminalText.escaped(text))'")
        }
        let duration = Duration.seconds(seconds) + .milliseconds(milliseconds)
        guard duration > .zero else { throw .usage("\(option) must be more than 0 seconds") }
        return duration
    }
}
