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

    /// `fileID:line`, for example `ATMLibWiring/ATMLibModule.swift:14`.
    public var description: String { "\(fileID):\(line)" }
}
