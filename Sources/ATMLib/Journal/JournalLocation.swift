/// Where an app keeps its deposit journal.
///
/// The location comes from `--journal PATH`, else the `ATM_JOURNAL` environment variable, else
/// the default: `$XDG_STATE_HOME/<app>/journal.json`, or `~/.local/state/<app>/journal.json`
/// when `XDG_STATE_HOME` is not set.
public struct JournalLocation: Sendable, Hashable {
    /// The journal file.
    public let path: String

    /// Creates a location.
    ///
    /// - Parameter path: The journal file.
    public init(path: String) {
        self.path = path
    }

    /// The default location of an app's journal, or nil when neither `XDG_STATE_HOME` nor
    /// `HOME` is set.
    ///
    /// - Parameters:
    ///   - application: The app's name: `atm`, `atm-dev`.
    ///   - environment: The environment variables.
    /// - Returns: The location.
    public static func defaultLocation(application: String, environment: [String: String]) -> JournalLocation? {
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty {
            return JournalLocation(path: "\(state)/\(application)/journal.json")
        }
        if let home = environment["HOME"], !home.isEmpty {
            return JournalLocation(path: "\(home)/.local/state/\(application)/journal.json")
        }
        return nil
    }
}
