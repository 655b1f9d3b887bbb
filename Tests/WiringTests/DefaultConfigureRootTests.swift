import Testing
import Wiring

/// A component that leaves `configureRoot` out takes its root from the graph.
struct DefaultConfigureRootTests {
    @Test func aComponentWithoutConfigureRootBuildsTheRootItsConfigureBinds() throws {
        let factory = try ComponentFactory.of(ShortRoot.self)
        let first = factory.build()
        let second = factory.build()
        #expect(first.greeting.text == "hello")
        // The root is the graph's unscoped binding: each build makes one.
        #expect(first !== second)
    }

    @Test func theRootOfTheDefaultIsTheGraphsBindingOfItsType() throws {
        let factory = try ComponentFactory.of(ShortRoot.self)
        let roots = factory.graph.bindings.filter { $0.kind == .root }
        #expect(roots.map(\.name) == ["ShortApp"])
        // Its binding is Wiring's, not the app's: the export gives it no location.
        #expect(roots.map { $0.location?.fileID } == [nil])
    }
}

final class ShortGreeting: Sendable {
    let text = "hello"
}

final class ShortApp: Sendable {
    let greeting: ShortGreeting
    init(greeting: ShortGreeting) { self.greeting = greeting }
}

/// Six lines: no `configureRoot`.
private struct ShortRoot: RootComponent {
    typealias Root = ShortApp
    static func configure(binder: Binder<Singleton>) {
        binder.bind(ShortGreeting.self).sharedInScope().to(factory: ShortGreeting.init)
        binder.bind(ShortApp.self).to(factory: ShortApp.init)
    }
}

/// Leaves `configureRoot` out but binds no root.
struct UnboundDefaultRoot: RootComponent {
    typealias Root = ShortApp
    static func configure(binder: Binder<Singleton>) {
        binder.bind(ShortGreeting.self, file: "App/UnboundDefaultRoot.swift", line: 4).sharedInScope().to(factory: ShortGreeting.init)
    }
}

extension GoldenGraphs {
    /// From `DefaultConfigureRootTests`: the default `configureRoot` asks the graph for a root
    /// nothing binds.
    enum DefaultRootNothingBindsIsAMissingBinding: GoldenGraph {
        static func validate() throws {
            _ = try ComponentFactory.of(UnboundDefaultRoot.self)
        }
    }
}
