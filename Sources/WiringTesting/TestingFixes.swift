import Foundation

/// The fixes of a validation error, worded for a test: where a fix says to build a root through
/// another entry point, it also names the assertion that checks the root for that entry point.
enum TestingFixes {
    /// The entry points a fix may name, each with the assertion for it.
    private static let assertions = [
        (factory: "AsyncComponentFactory", assertion: "expectValidAsyncGraph"),
        (factory: "MainActorComponentFactory", assertion: "expectValidMainActorGraph"),
    ]

    /// `message`, with `(in a test, expectValidAsyncGraph(Root.self))` after each
    /// `AsyncComponentFactory.of(Root.self)` it names, and the same for the main actor.
    static func reword(_ message: String) -> String {
        var result = message
        for (factory, assertion) in assertions {
            result = reword(result, factory: factory, assertion: assertion)
        }
        return result
    }

    private static func reword(_ message: String, factory: String, assertion: String) -> String {
        let opening = " \(factory).of("
        var result = ""
        var rest = message[...]
        while let start = rest.range(of: opening) {
            let afterOpening = rest[start.upperBound...]
            // The component's name runs to `.self)`; a type's name has no parenthesis of its own
            // here but a generic argument's, which `.self)` never ends.
            guard let end = afterOpening.range(of: ".self)") else { break }
            let component = afterOpening[..<end.lowerBound]
            result += rest[..<end.upperBound]
            rest = afterOpening[end.upperBound...]
            // The fix goes on with how to build: "and try await factory.build(...)".
            let line = rest.prefix { $0 != "\n" }
            let call = line.range(of: "build(...)")?.upperBound ?? rest.startIndex
            result += rest[..<call] + " (in a test, \(assertion)(\(component).self))"
            rest = rest[call...]
        }
        return result + rest
    }
}
