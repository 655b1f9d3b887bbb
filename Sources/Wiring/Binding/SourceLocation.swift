/// Where a binding or an include was declared: the `#fileID` and `#line` of the call.
///
/// Every ``Diagnostic`` carries the location it is about, written `Module/File.swift:12`.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file, as `#fileID` writes it: `ModuleName/FileName.swift`.
    public let fileID: String
    /// The line of the call.
    public let line: Int

    /// Creates a location.
    ///
    /// - Parameters:
    ///   - fileID: The file, as `#fileID` writes it.
    ///   - line: The line.
    public init(fileID: String, line: Int) {
        self.fileID = fileID
        self.line = line
    }

    /// Creates a location the way Cleanse's `SourceLocation` did; the function is not kept.
    ///
    /// - Parameters:
    ///   - file: The file, as `#fileID` (or `#file`, the same in Swift 6) writes it.
    ///   - line: The line.
    ///   - function: The function.
    public init(file: StaticString, line: Int, function: StaticString) {
        self.init(fileID: file.description, line: line)
    }

    /// `fileID:line`, for example `ATMLibWiring/ATMLibModule.swift:14`.
    public var description: String { "\(fileID):\(line)" }
}
