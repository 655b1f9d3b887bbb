/// Where an assertion was written, in the forms both test frameworks want.
///
/// Every assertion of `WiringTesting` records its failure at its caller's line by itself. Make a
/// location only in a helper of your own that wraps an assertion, from the helper's own
/// `#fileID`, `#filePath`, `#line` and `#column` parameters, so that a failure points at the
/// helper's caller:
///
/// ```swift
/// func expectSoundApp(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) {
///     expectValidGraph(AppComponent.self, at: AssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column))
/// }
/// ```
public struct AssertionLocation: Sendable, Equatable {
    /// The file, as `#fileID` gives it: `Module/File.swift`.
    public let fileID: String
    /// The file's path, as `#filePath` gives it, for XCTest.
    public let filePath: StaticString
    /// The line.
    public let line: Int
    /// The column.
    public let column: Int

    /// A location: by default, the place where it is made.
    ///
    /// `AssertionLocation()` written in your code is your code's location. It cannot serve as
    /// the default argument of a helper, whose callers would all get the helper's own line:
    /// Swift expands `#line` and its kin at the caller only where they are the whole default
    /// argument. Give the helper those four parameters instead, as above.
    ///
    /// - Parameters:
    ///   - fileID: `#fileID` of the call.
    ///   - filePath: `#filePath` of the call.
    ///   - line: `#line` of the call.
    ///   - column: `#column` of the call.
    public init(fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// Two locations are equal when they name the same file, line and column.
    ///
    /// - Parameters:
    ///   - lhs: A location.
    ///   - rhs: Another location.
    /// - Returns: Whether they are the same place.
    public static func == (lhs: AssertionLocation, rhs: AssertionLocation) -> Bool {
        lhs.fileID == rhs.fileID && lhs.filePath.description == rhs.filePath.description && lhs.line == rhs.line
            && lhs.column == rhs.column
    }

    /// The location an assertion reports at: the one its caller passed, or else the caller's own.
    static func of(
        _ location: AssertionLocation?, fileID: String, filePath: StaticString, line: Int, column: Int
    ) -> AssertionLocation {
        location ?? AssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
