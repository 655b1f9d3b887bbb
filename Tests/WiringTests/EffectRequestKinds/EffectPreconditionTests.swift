import Testing
import Wiring

// Every internal-error stop an effect can reach at build, and the validation that keeps every
// graph away from it (issue 25). The stops are:
//
// - `Linker.unreachable`, the plain resolver of a binding whose resolution has effects: called
//   by `ComponentFactory.build(_:)`, by `MainActorComponentFactory.build(_:)` for a root that
//   awaits, and by every wrapper made synchronously (`Provider`, `Lazy`, `WeakProvider`,
//   `TaggedProvider`, `@Sendable () -> T`, a subcomponent's `ComponentFactory`);
// - `EffectfulResolvers.mainActorResolver()`, for `MainActorProvider`,
//   `MainActorTaggedProvider` and `[K: MainActorProvider<V>]` of a resolution that awaits;
// - `LinkedMap.of`, for `[K: Provider<V>]` of a map whose entries have effects.
//
// Each case below is a root that would reach one of them; `of` must reject it, for every entry
// point the stop is reachable from. (`EffectfulResolvers.throwingResolver()` and
// `mainActorResolver()` for eager requests, and `Linker.sinkResolvers`, cannot be reached: a
// binding is linked in the context that its effects, the same set validation computed, need.
// EffectRandomGraphTests checks all of it on random graphs.)

struct EffectPreconditionTests {
    enum Case: String, CaseIterable, Sendable {
        case value, optional, collection, map
        case provider, lazy, weak, tagged, closure, mapProviders
        case mainActorProvider, mainActorTagged, mainActorMapProviders
        case subcomponentFactory, mainActorSubcomponentFactory

        /// Whether the request runs the binding while the root is made, so that an entry point
        /// that can run its effects accepts it.
        var isEager: Bool { [.value, .optional, .collection, .map].contains(self) }
    }

    @Test(arguments: Case.allCases)
    func aRootThatWouldRunAnAsyncBindingSynchronouslyIsRejected(_ kind: Case) async throws {
        let diagnostics = try kinds(ofDiagnostics: kind, entry: .synchronous)
        #expect(!diagnostics.isEmpty && diagnostics.allSatisfy { $0 == .unhandledEffect }, "\(kind): \(diagnostics)")
        let onMainActor = try kinds(ofDiagnostics: kind, entry: .mainActor)
        #expect(!onMainActor.isEmpty && onMainActor.allSatisfy { $0 == .unhandledEffect }, "\(kind): \(onMainActor)")
        let awaited = try kinds(ofDiagnostics: kind, entry: .async)
        // Only an eager request, built by AsyncComponentFactory, runs the async binding.
        #expect(awaited.isEmpty == kind.isEager, "\(kind): \(awaited)")
    }

    @Test func theEagerRequestsOfAnAsyncBindingBuildThroughTheAsyncFactory() async throws {
        #expect(try await AsyncComponentFactory.of(Through<TakesValue>.self).build().made)
        #expect(try await AsyncComponentFactory.of(Through<TakesOptional>.self).build().made)
        #expect(try await AsyncComponentFactory.of(Through<TakesCollection>.self).build().made)
        #expect(try await AsyncComponentFactory.of(Through<TakesMap>.self).build().made)
    }

    private func kinds(ofDiagnostics kind: Case, entry: EffectReferenceChecker.Entry) throws -> [Diagnostic.Kind] {
        switch kind {
        case .value: try diagnostics(TakesValue.self, entry)
        case .optional: try diagnostics(TakesOptional.self, entry)
        case .collection: try diagnostics(TakesCollection.self, entry)
        case .map: try diagnostics(TakesMap.self, entry)
        case .provider: try diagnostics(TakesProvider.self, entry)
        case .lazy: try diagnostics(TakesLazy.self, entry)
        case .weak: try diagnostics(TakesWeak.self, entry)
        case .tagged: try diagnostics(TakesTagged.self, entry)
        case .closure: try diagnostics(TakesClosure.self, entry)
        case .mapProviders: try diagnostics(TakesMapProviders.self, entry)
        case .mainActorProvider: try diagnostics(TakesMainActorProvider.self, entry)
        case .mainActorTagged: try diagnostics(TakesMainActorTagged.self, entry)
        case .mainActorMapProviders: try diagnostics(TakesMainActorMapProviders.self, entry)
        case .subcomponentFactory: try diagnostics(TakesSubcomponentFactory.self, entry)
        case .mainActorSubcomponentFactory: try diagnostics(TakesMainActorSubcomponentFactory.self, entry)
        }
    }

    /// The kinds of the diagnostics `of` reports for the root `T` under an entry point; empty
    /// when it accepts the graph.
    private func diagnostics<T: SlowTaker>(_ taker: T.Type, _ entry: EffectReferenceChecker.Entry) throws -> [Diagnostic.Kind] {
        do {
            switch entry {
            case .synchronous: _ = try ComponentFactory.of(Through<T>.self)
            case .mainActor: _ = try MainActorComponentFactory.of(Through<T>.self)
            case .async: _ = try AsyncComponentFactory.of(Through<T>.self)
            }
            return []
        } catch let error as ValidationError {
            return error.diagnostics.map(\.kind)
        }
    }
}

// MARK: - Fixtures

actor SlowThing {
    init() async {}
}

enum SlowTag: Wiring.BindingTag {
    typealias Element = SlowThing
}

/// A root that takes the async `SlowThing` one way.
protocol SlowTaker: Sendable {
    associatedtype Parameter
    init(_ parameter: Parameter)
}

extension SlowTaker {
    var made: Bool { true }
}

struct TakesValue: SlowTaker { init(_ parameter: SlowThing) {} }
struct TakesOptional: SlowTaker { init(_ parameter: SlowThing?) {} }
struct TakesCollection: SlowTaker { init(_ parameter: [SlowThing]) {} }
struct TakesMap: SlowTaker { init(_ parameter: [String: SlowThing]) {} }
struct TakesProvider: SlowTaker { init(_ parameter: Provider<SlowThing>) {} }
struct TakesLazy: SlowTaker { init(_ parameter: Lazy<SlowThing>) {} }
struct TakesWeak: SlowTaker { init(_ parameter: WeakProvider<SlowThing>) {} }
struct TakesTagged: SlowTaker { init(_ parameter: TaggedProvider<SlowTag>) {} }
struct TakesClosure: SlowTaker { init(_ parameter: @escaping @Sendable () -> SlowThing) {} }
struct TakesMapProviders: SlowTaker { init(_ parameter: [String: Provider<SlowThing>]) {} }
struct TakesMainActorProvider: SlowTaker { init(_ parameter: MainActorProvider<SlowThing>) {} }
struct TakesMainActorTagged: SlowTaker { init(_ parameter: MainActorTaggedProvider<SlowTag>) {} }
struct TakesMainActorMapProviders: SlowTaker { init(_ parameter: [String: MainActorProvider<SlowThing>]) {} }
struct TakesSubcomponentFactory: SlowTaker { init(_ parameter: ComponentFactory<SlowSub>) {} }
struct TakesMainActorSubcomponentFactory: SlowTaker { init(_ parameter: MainActorComponentFactory<SlowSub>) {} }

/// Binds `SlowThing` every way (plain, tagged, into a collection, into a map) and installs
/// `SlowSub`, whose root takes it.
struct SlowModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(SlowThing.self).to(asyncFactory: SlowThing.init)
        binder.bind(SlowThing.self).tagged(with: SlowTag.self).to(asyncFactory: SlowThing.init)
        let collection: SingularCollectionBindingBuilder<SlowThing, Singleton> = binder.bind(SlowThing.self).intoCollection()
        collection.to(asyncFactory: SlowThing.init)
        binder.bind(SlowThing.self).intoMap(key: "slow").to(asyncFactory: SlowThing.init)
        binder.install(dependency: SlowSub.self)
    }
}

struct SlowSub: Component {
    typealias Root = TakesValue
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<TakesValue>) -> BindingReceipt<TakesValue> {
        bind.to(factory: TakesValue.init)
    }
}

struct Through<T: SlowTaker>: RootComponent {
    typealias Root = T
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: SlowModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<T>) -> BindingReceipt<T> {
        bind.to(factory: T.init)
    }
}
