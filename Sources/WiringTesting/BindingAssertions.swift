public import Wiring

/// Checks that a component's graph binds a type, and records a test failure, at the caller's
/// line, saying what is bound instead when it does not.
///
/// ```swift
/// expectBinding((any NetworkExecutor).self, in: factory)
/// expectBinding(String.self, tagged: BankURL.self, in: factory)
/// ```
///
/// - Parameters:
///   - type: The bound type; `[Element].self` for a collection.
///   - tag: The tag, for a tagged binding.
///   - factory: The component's factory.
///   - location: Where to report a failure, from a helper of your own; by default, the caller's line.
///   - fileID: The caller's `#fileID`; leave the default.
///   - filePath: The caller's `#filePath`; leave the default.
///   - line: The caller's `#line`; leave the default.
///   - column: The caller's `#column`; leave the default.
/// - Returns: The bindings found (several for a collection's contributions).
@discardableResult
public func expectBinding<C: ComponentBase, T>(
    _ type: T.Type,
    tagged tag: (any Wiring.BindingTag.Type)? = nil,
    in factory: ComponentFactory<C>,
    at location: AssertionLocation? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
) -> [ObjectGraph.Binding] {
    let location = AssertionLocation.of(location, fileID: fileID, filePath: filePath, line: line, column: column)
    return expectBinding(type, tagged: tag, in: factory.graph, at: location)
}

/// Checks that a graph binds a type: the `ComponentFactory` form for the graph of any factory,
/// such as an `AsyncComponentFactory`'s.
///
/// - Parameters:
///   - type: The bound type; `[Element].self` for a collection.
///   - tag: The tag, for a tagged binding.
///   - graph: The component's graph.
///   - location: Where to report a failure, from a helper of your own; by default, the caller's line.
///   - fileID: The caller's `#fileID`; leave the default.
///   - filePath: The caller's `#filePath`; leave the default.
///   - line: The caller's `#line`; leave the default.
///   - column: The caller's `#column`; leave the default.
/// - Returns: The bindings found (several for a collection's contributions).
@discardableResult
public func expectBinding<T>(
    _ type: T.Type,
    tagged tag: (any Wiring.BindingTag.Type)? = nil,
    in graph: ObjectGraph,
    at location: AssertionLocation? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
) -> [ObjectGraph.Binding] {
    let found = graph.bindings(of: type, tag: tag)
    if found.isEmpty {
        let name = bindingName(type, tag: tag)
        let bound = graph.bindings.filter { $0.kind != .root }.map(\.label).joined(separator: ", ")
        IssueReporter.fail(
            "\(graph.component) does not bind \(name). It binds: \(bound).",
            at: AssertionLocation.of(location, fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }
    return found
}

/// Checks that a component's graph does not bind a type, and records a test failure, at the
/// caller's line, naming where it is bound when it does: useful to prove a fake replaced a real
/// implementation.
///
/// ```swift
/// expectNoBinding(BankNetworkExecutor.self, in: factory)
/// ```
///
/// - Parameters:
///   - type: The type that must not be bound.
///   - tag: The tag, for a tagged binding.
///   - factory: The component's factory.
///   - location: Where to report a failure, from a helper of your own; by default, the caller's line.
///   - fileID: The caller's `#fileID`; leave the default.
///   - filePath: The caller's `#filePath`; leave the default.
///   - line: The caller's `#line`; leave the default.
///   - column: The caller's `#column`; leave the default.
public func expectNoBinding<C: ComponentBase, T>(
    _ type: T.Type,
    tagged tag: (any Wiring.BindingTag.Type)? = nil,
    in factory: ComponentFactory<C>,
    at location: AssertionLocation? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
) {
    let location = AssertionLocation.of(location, fileID: fileID, filePath: filePath, line: line, column: column)
    expectNoBinding(type, tagged: tag, in: factory.graph, at: location)
}

/// Checks that a graph does not bind a type: the `ComponentFactory` form for the graph of any
/// factory, such as an `AsyncComponentFactory`'s.
///
/// - Parameters:
///   - type: The type that must not be bound.
///   - tag: The tag, for a tagged binding.
///   - graph: The component's graph.
///   - location: Where to report a failure, from a helper of your own; by default, the caller's line.
///   - fileID: The caller's `#fileID`; leave the default.
///   - filePath: The caller's `#filePath`; leave the default.
///   - line: The caller's `#line`; leave the default.
///   - column: The caller's `#column`; leave the default.
public func expectNoBinding<T>(
    _ type: T.Type,
    tagged tag: (any Wiring.BindingTag.Type)? = nil,
    in graph: ObjectGraph,
    at location: AssertionLocation? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
) {
    let found = graph.bindings(of: type, tag: tag)
    guard !found.isEmpty else { return }
    let places = found.map { binding in
        [binding.module.map { "in \($0)" }, binding.location.map { "at \($0)" }].compactMap { $0 }.joined(separator: " ")
    }
    IssueReporter.fail(
        "\(graph.component) binds \(bindingName(type, tag: tag)) \(places.joined(separator: "; ")).",
        at: AssertionLocation.of(location, fileID: fileID, filePath: filePath, line: line, column: column)
    )
}

private func bindingName(_ type: any Any.Type, tag: (any Any.Type)?) -> String {
    let name = String(describing: type)
    guard let tag else { return name }
    return "\(name) tagged \(String(describing: tag))"
}
