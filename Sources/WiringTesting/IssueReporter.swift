import Testing
import XCTest

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
