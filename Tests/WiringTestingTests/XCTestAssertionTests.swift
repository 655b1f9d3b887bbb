import Wiring
import WiringTesting
import Dispatch
import XCTest

/// The same assertions from XCTest, where a failure is recorded at the test's own file and line.
final class XCTestAssertionTests: XCTestCase {
    /// The failures recorded while `capturing`, instead of failing this test.
    private var captured: [(description: String, file: String, line: Int)] = []
    private var capturing = false

    #if !canImport(Darwin)
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard capturing else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        captured.append((description, filePath, lineNumber))
    }
    #else
    override func record(_ issue: XCTIssue) {
        guard capturing else { return super.record(issue) }
        captured.append((issue.compactDescription, issue.sourceCodeContext.location?.fileURL.path ?? "", issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
    #endif

    func testAValidGraphPassesInXCTest() throws {
        let factory = try XCTUnwrap(expectValidGraph(SoundRoot.self))
        XCTAssertEqual(factory.build(), "ok")
        XCTAssertEqual(expectBinding(Greeting.self, in: factory).map(\.name), ["Greeting"])
        expectNoBinding(Double.self, in: factory)
    }

    func testABrokenGraphIsReportedAtTheTestsLine() throws {
        let expected = try validationError(of: BrokenRoot.self)
        capturing = true
        let line = #line + 1
        expectValidGraph(BrokenRoot.self)
        capturing = false
        XCTAssertEqual(captured.count, 1)
        XCTAssertEqual(captured.first?.line, line)
        XCTAssertEqual(captured.first?.file, #filePath)
        XCTAssertTrue(captured.first?.description.hasSuffix(expected) == true, captured.first?.description ?? "")
    }

    func testABindingAssertionIsReportedAtTheTestsLine() throws {
        let factory = try ComponentFactory.of(SoundRoot.self)
        capturing = true
        let line = #line + 1
        expectBinding(Double.self, in: factory)
        capturing = false
        XCTAssertEqual(captured.map(\.line), [line])
        XCTAssertEqual(captured.first?.file, #filePath)
    }

    /// A failure in a callback of a dispatch queue, while the XCTest case runs, is the case's
    /// failure: XCTest records it, at the test's line.
    func testAFailureInAQueuesCallbackIsTheTestCasesFailure() throws {
        let factory = try ComponentFactory.of(SoundRoot.self)
        let done = DispatchSemaphore(value: 0)
        capturing = true
        let line = #line + 2
        DispatchQueue.global().async {
            expectBinding(Double.self, in: factory)
            done.signal()
        }
        done.wait()
        capturing = false
        XCTAssertEqual(captured.map(\.line), [line])
        XCTAssertEqual(captured.first?.file, #filePath)
    }

    private func validationError<C: RootComponent>(of component: C.Type) throws -> String {
        do {
            _ = try ComponentFactory.of(component, rules: .all)
        } catch {
            return error.description
        }
        throw XCTSkip("\(component) validates")
    }
}
