/// Reads an option's number of seconds: `--timeout 15`, `--connect-timeout 0.5`.
enum SecondsArgument {
    /// The most seconds accepted: an hour.
    static let maximumSeconds = 3_600

    /// A positive number of seconds, at most an hour, with up to three decimals: `15`, `0.5`.
    ///
    /// - Parameters:
    ///   - text: The option's value.
    ///   - option: The option, for the message: `--timeout`.
    /// - Throws: ``CommandLineFailure`` with ``ExitCode/usage`` for anything else, naming the range.
    static func parse(_ text: String, option: String) throws(CommandLineFailure) -> Duration {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts.first.map(String.init) ?? ""
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        guard !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit), fraction.count <= 3, fraction.allSatisfy(\.isASCIIDigit),
              let seconds = Int(whole), seconds <= maximumSeconds,
              let milliseconds = Int(fraction + String(repeating: "0", count: 3 - fraction.count)) else {
            throw refusal(text, option: option)
        }
        let duration = Duration.seconds(seconds) + .milliseconds(milliseconds)
        guard duration > .zero, duration <= .seconds(maximumSeconds) else { throw refusal(text, option: option) }
        return duration
    }

    /// The one message for every value refused: what the option takes, and from what to what.
    private static func refusal(_ text: String, option: String) -> CommandLineFailure {
        .usage(
            "\(option) takes a number of seconds from 0.001 to \(maximumSeconds), such as 15 or 0.5 (at most three decimals), "
                + "not '\(TerminalText.escaped(text))'"
        )
    }
}
