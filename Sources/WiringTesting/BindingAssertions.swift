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
        IssueReporter.fail(
            missingBinding(type, tag: tag, in: graph),
            at: AssertionLocation.of(location, fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }
    return found
}

/// The failure of `expectBinding`: what the graph binds, each key once (a map's entries, a
/// collection's contributions, a private binding and its exposure are one key), and the
/// subcomponents that bind the type, whose bindings are in graphs of their own.
private func missingBinding(_ type: any Any.Type, tag: (any Any.Type)?, in graph: ObjectGraph) -> String {
    let name = bindingName(type, tag: tag)
    var keys: Set<[String?]> = []
    let bound = graph.bindings.filter { $0.kind != .root && keys.insert([$0.type, $0.tag]).inserted }.map(\.label)
    var message = "\(graph.component) does not bind \(name). It binds: \(bound.isEmpty ? "nothing" : bound.joined(separator: ", "))."
    let below = graph.subcomponents.flatMap { subcomponentsBinding(type, tag: tag, in: $0, path: [graph.component]) }
    guard !below.isEmpty else { return message }
    let named = below.map { path, bindings in "The subcomponent \(path.joined(separator: " > ")) binds \(name) \(places(of: bindings))" }
    message += " \(named.joined(separator: "; ")): a subcomponent's bindings are in its own graph, in "
        + "factory.graph.subcomponents; pass that graph to expectBinding to check them."
    return message
}

/// The subcomponents of the tree of `graph` (`graph` included) that bind a type, each with its
/// path from the root (`["AppComponent", "SessionComponent"]`) and its bindings of the type.
private func subcomponentsBinding(
    _ type: any Any.Type, tag: (any Any.Type)?, in graph: ObjectGraph, path: [String]
) -> [(path: [String], bindings: [ObjectGraph.Binding])] {
    let path = path + [graph.component]
    let found = graph.bindings(of: type, tag: tag)
    let own = found.isEmpty ? [] : [(path: path, bindings: found)]
    return own + graph.subcomponents.flatMap { subcomponentsBinding(type, tag: tag, in: $0, path: path) }
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
    IssueReporter.fail(
        "\(graph.component) binds \(bindingName(type, tag: tag)) \(places(of: found)).",
        at: AssertionLocation.of(location, fileID: fileID, filePath: filePath, line: line, column: column)
    )
}

/// Where bindings are declared: `in App.NetworkModule at App/NetworkModule.swift:4`, each
/// binding's place separated by `; `.
private func places(of bindings: [ObjectGraph.Binding]) -> String {
    bindings.map { binding in
        [binding.module.map { "in \($0)" }, binding.location.map { "at \($0)" }].compactMap { $0 }.joined(separator: " ")
    }.joined(separator: "; ")
}

private func bindingName(_ type: any Any.Type, tag: (any Any.Type)?) -> String {
    let name = String(describing: type)
    guard let tag else { return name }
    return "\(name) tagged \(String(describing: tag))"
}
