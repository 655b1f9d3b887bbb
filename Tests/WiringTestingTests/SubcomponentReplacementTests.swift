import Testing
import Wiring
import WiringTesting

/// A test's replacements replace the root component's own bindings: one of a type only a
/// subcomponent binds replaces nothing, and the message names the subcomponent and a fix that
/// reaches it.
struct SubcomponentReplacementTests {
    /// The subcomponent binds the type itself: the message names it, and the fix moves the
    /// binding up to the root, where the replacement reaches it.
    @Test func replacingATypeOnlyASubcomponentBindsNamesTheSubcomponent() throws {
        let error = try #require(throws: ValidationError.self) {
            try ComponentFactory.of(ServiceParent.self, replacing: { binder in
                binder.bind(ChildService.self, file: "Tests/Child.swift", line: 12).to { ChildService(text: "fake") }
            })
        }
        #expect(error.diagnostics.map(\.description) == [
            """
            Tests/Child.swift:12: error: The override of ChildService replaces nothing: ServiceParent does not bind ChildService, \
            and a test's replacements replace the bindings of the root component only, not those of its subcomponents.
              overridden at Tests/Child.swift:12 in ServiceParent
              bound at Child/ServiceChild.swift:4 in ServiceChild, in the subcomponent ServiceParent > ServiceChild
              To fix this, bind ChildService in ServiceParent instead of in ServiceChild: the subcomponents then take \
            ServiceParent's binding, which the replacement replaces.
            """
        ])
    }

    /// The type is bound inside a private module of a subcomponent: named too.
    @Test func replacingATypeASubcomponentsPrivateModuleBindsNamesTheModule() throws {
        let error = try #require(throws: ValidationError.self) {
            try ComponentFactory.of(PrivateServiceParent.self, replacing: { binder in
                binder.bind(ChildService.self, file: "Tests/Child.swift", line: 20).to { ChildService(text: "fake") }
            })
        }
        #expect(error.diagnostics.map(\.description) == [
            """
            Tests/Child.swift:20: error: The override of ChildService replaces nothing: PrivateServiceParent does not bind ChildService, \
            and a test's replacements replace the bindings of the root component only, not those of its subcomponents.
              overridden at Tests/Child.swift:20 in PrivateServiceParent
              bound at Child/ServiceKeeper.swift:6 in ServiceKeeper, in the subcomponent PrivateServiceParent > PrivateServiceChild
              To fix this, bind ChildService in PrivateServiceParent instead of in ServiceKeeper: the subcomponents then take \
            PrivateServiceParent's binding, which the replacement replaces.
            """
        ])
    }

    /// The fix the message gives works: bound in the root, the type reaches the subcomponent,
    /// and the replacement with it.
    @Test func aReplacementOfTheRootsBindingReachesTheSubcomponentThatTakesIt() throws {
        let factory = try ComponentFactory.of(MovedServiceParent.self, replacing: { binder in
            binder.bind(ChildService.self).to { ChildService(text: "fake") }
        })
        #expect(factory.build().build().text == "fake")
    }

    /// A component with subcomponents whose tree binds the type nowhere: the message is the
    /// usual one.
    @Test func replacingATypeNoComponentOfTheTreeBindsIsTheUsualError() throws {
        let error = try #require(throws: ValidationError.self) {
            try ComponentFactory.of(ServiceParent.self, replacing: { binder in
                binder.bind(Double.self, file: "Tests/Child.swift", line: 30).to(value: 1.5)
            })
        }
        #expect(error.diagnostics.map(\.description) == [
            """
            Tests/Child.swift:30: error: The override of Double replaces nothing: ServiceParent does not bind Double.
              overridden at Tests/Child.swift:30 in ServiceParent
              To fix this, override a type the component binds, or add the binding to the component instead.
            """
        ])
    }
}

final class ChildService: Sendable {
    let text: String
    init(text: String) { self.text = text }
}

private struct ServiceChild: Component {
    typealias Root = ChildService
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(ChildService.self, file: "Child/ServiceChild.swift", line: 4).to { ChildService(text: "real") }
    }
}

private struct ServiceParent: RootComponent {
    typealias Root = ComponentFactory<ServiceChild>
    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: ServiceChild.self)
    }
}

private struct ServiceKeeper: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(ChildService.self, file: "Child/ServiceKeeper.swift", line: 6).to { ChildService(text: "real") }
        binder.bind(KeptServiceUser.self).to(factory: KeptServiceUser.init)
        binder.expose(KeptServiceUser.self)
    }
}

private struct KeptServiceUser {
    let service: ChildService
}

private struct PrivateServiceChild: Component {
    typealias Root = KeptServiceUser
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: ServiceKeeper.self)
    }
}

private struct PrivateServiceParent: RootComponent {
    typealias Root = ComponentFactory<PrivateServiceChild>
    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: PrivateServiceChild.self)
    }
}

private struct MovedServiceChild: Component {
    typealias Root = ChildService
    static func configure(binder: Binder<Unscoped>) {}
}

private struct MovedServiceParent: RootComponent {
    typealias Root = ComponentFactory<MovedServiceChild>
    static func configure(binder: Binder<Singleton>) {
        binder.bind(ChildService.self).to { ChildService(text: "real") }
        binder.install(dependency: MovedServiceChild.self)
    }
}
