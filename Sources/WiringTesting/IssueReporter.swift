import Testing
import XCTest

/// Where an assertion was written, in the forms both test frameworks want.
public struct AssertionLocation: Sendable {
    let fileID: String
    let filePath: StaticString
    let line: Int
    let column: Int

    /// The location of the caller. Use it as a default argument of your own helpers.
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
}

/// Records a failure in whichever framework runs the test: an issue in Swift Testing, `XCTFail`
/// in XCTest.
enum IssueReporter {
    static func fail(_ message: String, at location: AssertionLocation) {
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: Testing.SourceLocation(
                    fileID: location.fileID, filePath: location.filePath.description, line: location.line, column: location.column
                )
            )
        } else {
            XCTFail(message, file: location.filePath, line: UInt(location.line))
        }
    }
}
