import Dispatch
import Foundation
import Testing
import Wiring
import WiringTesting

/// A failure recorded where Swift Testing has no current test (a detached task, a queue's
/// callback) fails the run: XCTest, which runs no test case there, would drop it.
///
/// Such an issue belongs to no test, so `withKnownIssue` cannot catch it: each case runs a child
/// test of its own in a child process of this test binary, and checks that the child's run fails
/// with the assertion's message at the assertion's line.
struct DetachedFailureTests {
    /// Whether this process is the child that runs the failing tests.
    static let isChild = ProcessInfo.processInfo.environment["WIRING_TESTING_DETACHED_CHILD"] != nil

    #if os(Linux)
    /// `expectValidGraph` in a detached task of a Swift Testing test fails the run.
    @Test(.enabled(if: !isChild)) func aFailureInADetachedTaskFailsTheRun() throws {
        let run = try Self.runChild("theChildFailsInADetachedTask")
        #expect(!run.passed)
        #expect(run.output.contains("DetachedFailureTests.swift:\(Self.detachedLine):"))
        #expect(run.output.contains("error: Missing binding for Greeting."))
    }

    /// `expectBinding` in a callback of a dispatch queue, in a Swift Testing test, fails the run.
    @Test(.enabled(if: !isChild)) func aFailureInAQueuesCallbackFailsTheRun() throws {
        let run = try Self.runChild("theChildFailsInAQueuesCallback")
        #expect(!run.passed)
        #expect(run.output.contains("DetachedFailureTests.swift:\(Self.queueLine):"))
        #expect(run.output.contains("SoundRoot does not bind Double."))
    }
    #endif

    // MARK: - The child's tests

    /// The lines of the child's failing assertions.
    static let detachedLine = 44
    static let queueLine = 53

    @Test(.enabled(if: isChild, "runs only in the child process of aFailureInADetachedTaskFailsTheRun"))
    func theChildFailsInADetachedTask() async {
        await Task.detached { () -> Void in
            expectValidGraph(BrokenRoot.self)
        }.value
    }

    @Test(.enabled(if: isChild, "runs only in the child process of aFailureInAQueuesCallbackFailsTheRun"))
    func theChildFailsInAQueuesCallback() async throws {
        let factory = try ComponentFactory.of(SoundRoot.self)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                expectBinding(Double.self, in: factory)
                done.resume()
            }
        }
    }

    // MARK: - The child process

    /// Runs this test binary again, on the one test `name`, and returns whether its run passed
    /// and what it printed.
    private static func runChild(_ name: String) throws -> (passed: Bool, output: String) {
        let process = Process()
        // This very test binary; `swift test` runs it with the same arguments.
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["--testing-library", "swift-testing", "--filter", "DetachedFailureTests/\(name)"]
        var environment = ProcessInfo.processInfo.environment
        environment["WIRING_TESTING_DETACHED_CHILD"] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let passed = process.terminationReason == .exit && process.terminationStatus == 0
        return (passed, String(decoding: data, as: UTF8.self))
    }
}
