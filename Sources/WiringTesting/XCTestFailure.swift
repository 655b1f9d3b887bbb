import Foundation
import XCTest

/// `XCTFail`, and whether an XCTest case recorded it: XCTest records a failure only while one of
/// its test cases runs, and drops it silently otherwise (in a Swift Testing test, say).
///
/// An observer of XCTest's failures tells: it is registered once, the first time a failure is
/// reported on the main thread (the only thread where Apple's XCTest accepts observers), and
/// never removed. XCTest tells its observers of a failure on the thread that records it, before
/// `XCTFail` returns, so the observer marks that thread. Off the main thread nothing can tell
/// whether the observer is registered yet, and the answer is "not recorded": the caller then
/// records the failure in Swift Testing too, where at worst it is recorded twice, never lost.
enum XCTestFailure {
    /// Calls `XCTFail` with `message` at `location`.
    ///
    /// - Returns: Whether an XCTest case recorded the failure.
    static func record(_ message: String, at location: AssertionLocation) -> Bool {
        guard Thread.isMainThread else {
            XCTFail(message, file: location.filePath, line: UInt(location.line))
            return false
        }
        let marks = Thread.current.threadDictionary
        FailureObserver.registered.forget(in: marks)
        XCTFail(message, file: location.filePath, line: UInt(location.line))
        return FailureObserver.registered.forget(in: marks)
    }
}

/// Marks the thread that records an XCTest failure, for ``XCTestFailure``.
private final class FailureObserver: NSObject, XCTestObservation, Sendable {
    /// The observer, registered with XCTest by the first read (on the main thread).
    static let registered: FailureObserver = {
        let observer = FailureObserver()
        XCTestObservationCenter.shared.addTestObserver(observer)
        return observer
    }()

    /// The key of the mark in a thread's dictionary.
    private static let key = "WiringTesting.XCTestFailureRecorded"

    /// Removes the mark from `marks`, a thread's dictionary.
    ///
    /// - Returns: Whether the thread was marked.
    @discardableResult
    func forget(in marks: NSMutableDictionary) -> Bool {
        let marked = marks[Self.key] != nil
        marks.removeObject(forKey: Self.key)
        return marked
    }

    private func mark() {
        Thread.current.threadDictionary[Self.key] = true
    }

    #if canImport(Darwin)
    func testCase(_ testCase: XCTestCase, didRecord issue: XCTIssue) {
        mark()
    }
    #else
    func testCase(_ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?, atLine lineNumber: Int) {
        mark()
    }
    #endif
}
