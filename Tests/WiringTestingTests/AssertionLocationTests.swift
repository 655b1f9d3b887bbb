import Testing
import Wiring
import WiringTesting

/// Every assertion records its failure at the line that called it, not inside WiringTesting.
struct AssertionLocationTests {
    @Test func expectValidGraphRecordsAtTheCallersLine() {
        let line = #line + 2
        withKnownIssue {
            expectValidGraph(BrokenRoot.self)
        } matching: { issue in
            issue.sourceLocation?.fileID == #fileID && issue.sourceLocation?.line == line
        }
    }

    @Test func expectValidAsyncGraphRecordsAtTheCallersLine() {
        let line = #line + 2
        withKnownIssue {
            expectValidAsyncGraph(BrokenRoot.self)
        } matching: { issue in
            issue.sourceLocation?.fileID == #fileID && issue.sourceLocation?.line == line
        }
    }

    @Test func expectValidMainActorGraphRecordsAtTheCallersLine() {
        let line = #line + 2
        withKnownIssue {
            expectValidMainActorGraph(BrokenRoot.self)
        } matching: { issue in
            issue.sourceLocation?.fileID == #fileID && issue.sourceLocation?.line == line
        }
    }

    @Test func theBindingAssertionsRecordAtTheCallersLine() throws {
        let factory = try ComponentFactory.of(SoundRoot.self)
        let first = #line + 2
        withKnownIssue {
            expectBinding(Double.self, in: factory)
        } matching: { issue in
            issue.sourceLocation?.fileID == #fileID && issue.sourceLocation?.line == first
        }
        let second = #line + 2
        withKnownIssue {
            expectNoBinding(Greeting.self, in: factory.graph)
        } matching: { issue in
            issue.sourceLocation?.fileID == #fileID && issue.sourceLocation?.line == second
        }
    }

    @Test func aHelperPassesItsCallersLocationOn() {
        let line = #line + 2
        withKnownIssue {
            expectSoundGraph(BrokenRoot.self)
        } matching: { issue in
            issue.sourceLocation?.fileID == #fileID && issue.sourceLocation?.line == line
        }
    }

    @Test func aLocationMadeInPlaceIsThatPlace() {
        let location = AssertionLocation()
        #expect(location.fileID == #fileID)
        #expect(location.line == #line - 2)
    }

    /// A helper of a user's own, written as `AssertionLocation`'s documentation says.
    private func expectSoundGraph<C: RootComponent>(
        _ component: C.Type, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        expectValidGraph(component, at: AssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
