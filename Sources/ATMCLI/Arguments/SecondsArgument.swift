/// Reads an option's number of seconds: `--timeout 15`, `--connect-timeout 0.5`.
enum SecondsArgument {
    /// A positive number of seconds, at most an hour, with up to three decimals: `15`, `0.5`.
    ///
    /// - Parameters:
    ///   - text: The option's value.
    ///   - option: The option, for the message: `--timeout`.
    /// - Throws: ``CommandLineFailure`` with ``ExitCode/usage`` for anything else.
    static func parse(_ text: String, option: String) throws(CommandLineFailure) -> Duration {
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
