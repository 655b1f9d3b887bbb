public import Wiring

/// Checks that a root component validates for `ComponentFactory` (its root's path has no
/// effects), and records a test failure listing every diagnostic, at the caller's line, when it
/// does not. Works in Swift Testing and in XCTest.
///
/// ```swift
/// @Test func theAppGraphValidates() {
///     expectValidGraph(ApplicationRootComponent.self)
/// }
/// ```
///
/// A root whose path is `async` is checked with ``expectValidAsyncGraph(_:rules:at:fileID:filePath:line:column:)``,
/// one that throws or runs on the main actor with
/// ``expectValidMainActorGraph(_:rules:at:fileID:filePath:line:column:)``; the failure says which.
///
/// - Parameters:
///   - component: The root component.
///   - rules: Rules to check on top of the graph's soundness; every rule by default.
///   - location: Where to report a failure, from a helper of your own; by default, the caller's
///     line (the four parameters that follow).
///   - fileID: The caller's `#fileID`; leave the default.
///   - filePath: The caller's `#filePath`; leave the default.
///   - line: The caller's `#line`; leave the default.
///   - column: The caller's `#column`; leave the default.
/// - Returns: The component's factory, or nil when it does not validate.
@discardableResult
public func expectValidGraph<C: RootComponent>(
    _ component: C.Type,
    rules: ValidationRules = .all,
    at location: AssertionLocation? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
) -> ComponentFactory<C>? {
    let location = AssertionLocation.of(location, fileID: fileID, filePath: filePath, line: line, column: column)
    return expectValid(at: location) { () throws(ValidationError) in try ComponentFactory.of(component, rules: rules) }
}

/// Checks that a root component validates for `AsyncComponentFactory` (its root's path may
/// have every effect), and records a test failure listing every diagnostic, at the caller's
/// line, when it does not.
///
/// ```swift
/// @Test func theAppGraphValidates() {
///     expectValidAsyncGraph(ApplicationRootComponent.self)
/// }
/// ```
///
/// - Parameters:
///   - component: The root component.
///   - rules: Rules to check on top of the graph's soundness; every rule by default.
///   - location: Where to report a failure, from a helper of your own; by default, the caller's
///     line (the four parameters that follow).
///   - fileID: The caller's `#fileID`; leave the default.
///   - filePath: The caller's `#filePath`; leave the default.
///   - line: The caller's `#line`; leave the default.
///   - column: The caller's `#column`; leave the default.
/// - Returns: The component's async factory, or nil when it does not validate.
@discardableResult
public func expectValidAsyncGraph<C: RootComponent>(
    _ component: C.Type,
    rules: ValidationRules = .all,
    at location: AssertionLocation? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
) -> AsyncComponentFactory<C>? {
    let location = AssertionLocation.of(location, fileID: fileID, filePath: filePath, line: line, column: column)
    return expectValid(at: location) { () throws(ValidationError) in try AsyncComponentFactory.of(component, rules: rules) }
}

/// Checks that a root component validates for `MainActorComponentFactory` (its root's path may
/// throw and run on the main actor, but not await), and records a test failure listing every
/// diagnostic, at the caller's line, when it does not.
///
/// ```swift
/// @Test func theSceneGraphValidates() {
///     expectValidMainActorGraph(SceneComponent.self)
/// }
/// ```
///
/// - Parameters:
///   - component: The root component.
///   - rules: Rules to check on top of the graph's soundness; every rule by default.
///   - location: Where to report a failure, from a helper of your own; by default, the caller's
///     line (the four parameters that follow).
///   - fileID: The caller's `#fileID`; leave the default.
///   - filePath: The caller's `#filePath`; leave the default.
///   - line: The caller's `#line`; leave the default.
///   - column: The caller's `#column`; leave the default.
/// - Returns: The component's main-actor factory, or nil when it does not validate.
@discardableResult
public func expectValidMainActorGraph<C: RootComponent>(
    _ component: C.Type,
    rules: ValidationRules = .all,
    at location: AssertionLocation? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
) -> MainActorComponentFactory<C>? {
    let location = AssertionLocation.of(location, fileID: fileID, filePath: filePath, line: line, column: column)
    return expectValid(at: location) { () throws(ValidationError) in try MainActorComponentFactory.of(component, rules: rules) }
}

/// Runs `of`, and records its error, with the fixes worded for a test, at `location`.
private func expectValid<Factory>(
    at location: AssertionLocation, _ of: () throws(ValidationError) -> Factory
) -> Factory? {
    do {
        return try of()
    } catch {
        IssueReporter.fail(TestingFixes.reword(error.description), at: location)
        return nil
    }
}
