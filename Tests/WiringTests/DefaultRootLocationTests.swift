import Testing
import Wiring

/// The root that the default `configureRoot` takes from the graph has no location: its binding
/// is made in Wiring, not in the code to fix, so no diagnostic, chain or export points into
/// Wiring's sources.
struct DefaultRootLocationTests {
    /// A root whose path throws, under the synchronous factory: the error has no location and the
    /// chain names the root without one.
    @Test func aThrowingContributionToADefaultRootIsReportedWithoutAWiringLocation() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(ThrowingItemsRoot.self) }
        #expect(error.diagnostics.map(\.description) == [
            """
            error: ComponentFactory.build(_:) cannot build the root of ThrowingItemsRoot: a contribution to [LocatedItem] throws, \
            and build(_:) is synchronous, nonisolated and cannot throw.
              a contribution to [LocatedItem] throws, bound at Items/ItemsModule.swift:4 in ThrowingItemsRoot
              required by [LocatedItem], the root of ThrowingItemsRoot (the default configureRoot takes it from the graph)
              To fix this, build the root with AsyncComponentFactory.of(ThrowingItemsRoot.self) and try await factory.build(...), \
            or on the main actor with MainActorComponentFactory.of(ThrowingItemsRoot.self) and try factory.build(...).
            """
        ])
    }

    /// A root that a private module keeps: reported without a location.
    @Test func aDefaultRootKeptPrivateIsReportedWithoutAWiringLocation() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(KeptRootComponent.self) }
        #expect(error.diagnostics.map(\.description) == [
            """
            error: KeptRoot is kept private by KeepingModule.
              required by KeptRoot, the root of KeptRootComponent (the default configureRoot takes it from the graph)
              bound privately at Keeping/KeepingModule.swift:3 in KeepingModule
              To fix this, expose it with binder.expose(KeptRoot.self) in the configure(binder:) of KeepingModule, or request a type KeepingModule exposes instead.
            """
        ])
    }

    /// A root that is a provider of a throwing binding: reported without a location.
    @Test func aDefaultRootProviderOfAThrowingBindingIsReportedWithoutAWiringLocation() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(ProviderRootComponent.self) }
        #expect(error.diagnostics.map(\.description) == [
            """
            error: Provider<LocatedItem>, the root of ProviderRootComponent (the default configureRoot takes it from the graph), \
            takes Provider<LocatedItem>, \
            whose get() cannot resolve LocatedItem: LocatedItem throws, and get() is synchronous, nonisolated and cannot throw.
              LocatedItem throws, bound at Items/ItemModule.swift:7 in ProviderRootComponent
              required by Provider<LocatedItem>, the root of ProviderRootComponent (the default configureRoot takes it from the graph) as Provider<LocatedItem>
              To fix this, take AsyncProvider<LocatedItem> instead and call try await get(), or MainActorProvider<LocatedItem> and call try get() on the main actor.
            """
        ])
    }

    /// A subcomponent's default root whose path throws, taken as a synchronous factory: the
    /// chain names the subcomponent's root without a location.
    @Test func aSubcomponentsDefaultRootIsReportedWithoutAWiringLocation() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(ParentOfDefaultRoot.self) }
        #expect(error.diagnostics.map(\.description) == [
            """
            App/Parent.swift:3: error: ChildUser takes ComponentFactory<DefaultRootChild>, whose build(_:) cannot build the root \
            of DefaultRootChild: LocatedItem throws, and build(_:) is synchronous, nonisolated and cannot throw.
              LocatedItem throws, bound at Child/ChildModule.swift:6 in DefaultRootChild
              required by LocatedItem, the root of DefaultRootChild (the default configureRoot takes it from the graph)
              required by ChildUser as ComponentFactory<DefaultRootChild> at App/Parent.swift:3
              To fix this, take AsyncComponentFactory<DefaultRootChild> instead and call try await build(...), \
            or MainActorComponentFactory<DefaultRootChild> and call try build(...) on the main actor.
            """
        ])
    }

    /// The graph's text export shows the default root without a location.
    @Test func theExportShowsTheDefaultRootWithoutALocation() throws {
        let text = try ComponentFactory.of(OptionalTakerRoot.self).graph.rendered(as: .text)
        #expect(text == """
            OptionalTakerRoot (scope Singleton)
            OptionalTaker  root · OptionalTakerRoot
            └── OptionalTaker  OptionalTakerRoot, App/Taker.swift:5
                └── Int?  nil: not bound

            """)
    }
}

private struct LocatedItem: Sendable {
    struct Failure: Error {}
    init(n: Int) throws {}
}

private struct ThrowingItemsRoot: RootComponent {
    typealias Root = [LocatedItem]
    static func configure(binder: Binder<Singleton>) {
        binder.bind(LocatedItem.self, file: "Items/ItemsModule.swift", line: 4).intoCollection().to(throwingFactory: { try LocatedItem(n: 1) })
    }
}

private struct KeptRoot {}

private struct KeepingModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(KeptRoot.self, file: "Keeping/KeepingModule.swift", line: 3).to(factory: KeptRoot.init)
    }
}

private struct KeptRootComponent: RootComponent {
    typealias Root = KeptRoot
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: KeepingModule.self)
    }
}

private struct ProviderRootComponent: RootComponent {
    typealias Root = Provider<LocatedItem>
    static func configure(binder: Binder<Singleton>) {
        binder.bind(LocatedItem.self, file: "Items/ItemModule.swift", line: 7).to(throwingFactory: { try LocatedItem(n: 2) })
    }
}

private struct DefaultRootChild: Component {
    typealias Root = LocatedItem
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(LocatedItem.self, file: "Child/ChildModule.swift", line: 6).to(throwingFactory: { try LocatedItem(n: 3) })
    }
}

private struct ChildUser {
    init(factory: ComponentFactory<DefaultRootChild>) {}
}

private struct ParentOfDefaultRoot: RootComponent {
    typealias Root = ChildUser
    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: DefaultRootChild.self, file: "App/Parent.swift", line: 2)
        binder.bind(ChildUser.self, file: "App/Parent.swift", line: 3).to(factory: ChildUser.init)
    }
}

private struct OptionalTaker {
    init(clock: Int?) {}
}

private struct OptionalTakerRoot: RootComponent {
    typealias Root = OptionalTaker
    static func configure(binder: Binder<Singleton>) {
        binder.bind(OptionalTaker.self, file: "App/Taker.swift", line: 5).to(factory: OptionalTaker.init)
    }
}
