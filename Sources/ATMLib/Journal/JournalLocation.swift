/// Where an app keeps its deposit journal.
///
/// The location comes from `--journal PATH`, else the `ATM_JOURNAL` environment variable, else
/// the default: `$XDG_STATE_HOME/atm/journal.json`, or `~/.local/state/atm/journal.json` when
/// `XDG_STATE_HOME` is not set (`atm-dev` for the development app, whose bank is in memory).
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
    /// `HOME` is set to an absolute path. It depends on these two variables alone: never on the
    /// name the app was run by, nor on the current folder (a relative `XDG_STATE_HOME` is ignored,
    /// as the XDG specification says, and a relative `HOME` is no home).
    ///
    /// - Parameters:
    ///   - application: The folder of the app's state: `atm`, or `atm-dev` for the development app.
    ///   - environment: The environment variables.
    /// - Returns: The location.
    public static func defaultLocation(application: String, environment: [String: String]) -> JournalLocation? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return JournalLocation(path: "\(state)/\(application)/journal.json")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return JournalLocation(path: "\(home)/.local/state/\(application)/journal.json")
        }
        return nil
    }
}
