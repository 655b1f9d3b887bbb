/// A reason the scan cannot give a complete `LinkedWiring`: a file it cannot read, or a
/// declaration it cannot classify. The generator prints each one and fails the build, so that a
/// module is never silently missing.
///
/// Its description has the compiler's shape, which Xcode and editors turn into an issue on the
/// line: `path:line:column: error: message`, or `path: error: message` when there is no line.
public struct SourceProblem: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file, as the plugin passed it.
    public let file: String
    /// The line, from 1; nil when the problem is the whole file.
    public let line: Int?
    /// The column, from 1.
    public let column: Int
    /// What went wrong and how to fix it.
    public let message: String
    /// How the build takes it: an error fails it; a warning or a note does not.
    public let severity: Severity
    /// For a graph check, the `#fileID` `of` gives the same problem (`Library/File.swift`, or the
    /// `file:` the call passes), to compare the two.
    public var siteFileID: String?
    /// For a graph check, the line `of` gives the same problem.
    public var siteLine: Int?

    /// How the build takes a problem.
    public enum Severity: String, Equatable, Sendable {
        /// Fails the build.
        case error
        /// Shown, and the build goes on: a graph check that could not read a file.
        case warning
        /// A second place of the error before it.
        case note
    }

    /// Creates a problem.
    @_optimize(none)
    public init(file: String, line: Int?, column: Int = 1, severity: Severity = .error, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    /// `path:line:column`, or `path` when there is no line.
    @_optimize(none)
    public var place: String {
        line.map { "\(file):\($0):\(column)" } ?? file
    }

    /// `path:line:column: error: LinkedWiring: message` (or `warning:`, `note:`).
    @_optimize(none)
    public var description: String {
        "\(place): \(severity.rawValue): LinkedWiring: \(message)"
    }
}
