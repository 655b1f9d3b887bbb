import Testing

/// Records a failure in whichever framework runs the test: an issue in Swift Testing, `XCTFail`
/// in XCTest.
///
/// Swift Testing's current test is a task-local value, which a detached task or a queue's
/// callback does not have, so `Test.current` being nil does not mean that XCTest runs the test:
/// the failure goes to XCTest, and when no XCTest case records it (``XCTestFailure``), to Swift
/// Testing all the same, which charges it to the run. A failure is never lost.
enum IssueReporter {
    static func fail(_ message: String, at location: AssertionLocation) {
        if Test.current == nil, XCTestFailure.record(message, at: location) { return }
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: Testing.SourceLocation(
                fileID: location.fileID, filePath: location.filePath.description, line: location.line, column: location.column
            )
        )
    }
}
