import Testing
import Wiring

// Async shared factories that ask, through an `AsyncProvider`, for a value that is waiting for
// them: each request would wait for a creation that waits for it. The request throws instead,
// and the build or the request that started the chain receives the error.

final class Narcissus: Sendable {}

/// The factory of `Narcissus` asks for its own value.
struct NarcissusComponent: RootComponent {
    typealias Root = AsyncProvider<Narcissus>

    static func configure(binder: Binder<Singleton>) {
        binder.bind(Narcissus.self, file: "App/Narcissus.swift", line: 3).sharedInScope().to { (me: AsyncProvider<Narcissus>) async throws in
            _ = try await me.get()
            return Narcissus()
        }
    }

    static func configureRoot(binder bind: ReceiptBinder<AsyncProvider<Narcissus>>) -> BindingReceipt<AsyncProvider<Narcissus>> {
        bind.to { (me: AsyncProvider<Narcissus>) in me }
    }
}

/// The same factory, reached by the build itself.
struct NarcissusInBuildComponent: RootComponent {
    typealias Root = Narcissus

    static func configure(binder: Binder<Singleton>) {
        NarcissusComponent.configure(binder: binder)
    }

    static func configureRoot(binder bind: ReceiptBinder<Narcissus>) -> BindingReceipt<Narcissus> {
        bind.to(file: "App/Root.swift", line: 20) { (me: Narcissus) in me }
    }
}

final class Ping: Sendable {}
final class Pong: Sendable {}

/// Two factories that each ask for the other's value.
struct PingPongComponent: RootComponent {
    typealias Root = AsyncProvider<Ping>

    static func configure(binder: Binder<Singleton>) {
        binder.bind(Ping.self, file: "App/Ping.swift", line: 7).sharedInScope().to { (pong: AsyncProvider<Pong>) async throws in
            _ = try await pong.get()
            return Ping()
        }
        binder.bind(Pong.self, file: "App/Pong.swift", line: 9).sharedInScope().to { (ping: AsyncProvider<Ping>) async throws in
            _ = try await ping.get()
            return Pong()
        }
    }

    static func configureRoot(binder bind: ReceiptBinder<AsyncProvider<Ping>>) -> BindingReceipt<AsyncProvider<Ping>> {
        bind.to { (ping: AsyncProvider<Ping>) in ping }
    }
}

/// The same pair, reached by the build itself.
struct PingPongInBuildComponent: RootComponent {
    typealias Root = Ping

    static func configure(binder: Binder<Singleton>) {
        PingPongComponent.configure(binder: binder)
    }

    static func configureRoot(binder bind: ReceiptBinder<Ping>) -> BindingReceipt<Ping> {
        bind.to(file: "App/Root.swift", line: 30) { (ping: Ping) in ping }
    }
}

struct StudioScope: Scope {}

final class Studio: Sendable {}
final class Easel: Sendable {}
final class Brush: Sendable {}

/// A subcomponent whose root takes a provider first (the child escapes), then a value of its
/// scope that asks for the parent's value.
struct EaselComponent: Component {
    typealias Root = Easel

    static func configure(binder: Binder<StudioScope>) {
        binder.bind(Brush.self).to { () async in Brush() }
        binder.bind(Easel.self, file: "App/Easel.swift", line: 5).sharedInScope().to { (_: Studio) async in Easel() }
    }

    static func configureRoot(binder bind: ReceiptBinder<Easel>) -> BindingReceipt<Easel> {
        bind.to(file: "App/Easel.swift", line: 9) { (_: AsyncProvider<Brush>, easel: Easel) in easel }
    }
}

/// The parent's value builds the subcomponent, whose value asks for the parent's value.
struct StudioComponent: RootComponent {
    typealias Root = AsyncProvider<Studio>

    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: EaselComponent.self)
        binder.bind(Studio.self, file: "App/Studio.swift", line: 3).sharedInScope().to { (easels: AsyncComponentFactory<EaselComponent>) async throws in
            _ = try await easels.build(())
            return Studio()
        }
    }

    static func configureRoot(binder bind: ReceiptBinder<AsyncProvider<Studio>>) -> BindingReceipt<AsyncProvider<Studio>> {
        bind.to { (studio: AsyncProvider<Studio>) in studio }
    }
}

@Suite(.tags(.concurrency))
struct AsyncSharedCycleTests {
    static func narcissusCycle(in component: String, requiredBy: String = "") -> String {
        """
        The factory of Narcissus at App/Narcissus.swift:3 in \(component) threw: \
        Wiring: the shared Narcissus was requested again while its own factory was running. \
        A factory awaited an AsyncProvider of a binding that depends on it; \
        keep the provider and call it after construction instead.
        """ + requiredBy
    }

    static func pingPongCycle(in component: String, requiredBy: String = "") -> String {
        """
        The factory of Pong at App/Pong.swift:9 in \(component) threw: \
        Wiring: the shared Ping was requested again while its own factory was running. \
        A factory awaited an AsyncProvider of a binding that depends on it; \
        keep the provider and call it after construction instead.
          required by Ping at App/Ping.swift:7
        """ + requiredBy
    }

    @Test func aFactoryThatAwaitsItsOwnProviderThrowsInsteadOfWaitingForever() async throws {
        let root = try ComponentFactory.of(NarcissusComponent.self).build(())
        let error = try await #require(throws: ResolutionError.self) { try await root.get() }
        #expect(error.description == Self.narcissusCycle(in: "NarcissusComponent"))
    }

    @Test func aBuildWhoseFactoryAwaitsItsOwnProviderThrows() async throws {
        let factory = try AsyncComponentFactory.of(NarcissusInBuildComponent.self)
        let error = try await #require(throws: ResolutionError.self) { try await factory.build(()) }
        #expect(error.description == Self.narcissusCycle(
            in: "NarcissusInBuildComponent",
            requiredBy: "\n  required by Narcissus, the root of NarcissusInBuildComponent at App/Root.swift:20"
        ))
    }

    @Test func twoFactoriesThatAwaitEachOthersProvidersThrow() async throws {
        let root = try ComponentFactory.of(PingPongComponent.self).build(())
        let error = try await #require(throws: ResolutionError.self) { try await root.get() }
        #expect(error.description == Self.pingPongCycle(in: "PingPongComponent"))
    }

    @Test func aBuildWhoseTwoFactoriesAwaitEachOthersProvidersThrows() async throws {
        let factory = try AsyncComponentFactory.of(PingPongInBuildComponent.self)
        let error = try await #require(throws: ResolutionError.self) { try await factory.build(()) }
        #expect(error.description == Self.pingPongCycle(
            in: "PingPongInBuildComponent",
            requiredBy: "\n  required by Ping, the root of PingPongInBuildComponent at App/Root.swift:30"
        ))
    }

    @Test func theErrorIsNotCachedAndEveryRequestReceivesItAgain() async throws {
        let root = try ComponentFactory.of(NarcissusComponent.self).build(())
        for _ in 0..<3 {
            let error = try await #require(throws: ResolutionError.self) { try await root.get() }
            #expect(error.description == Self.narcissusCycle(in: "NarcissusComponent"))
        }
    }

    @Test func aCycleThroughASubcomponentsValueThrows() async throws {
        let root = try ComponentFactory.of(StudioComponent.self).build(())
        let error = try await #require(throws: ResolutionError.self) { try await root.get() }
        #expect(error.description == """
            The factory of Easel at App/Easel.swift:5 in StudioComponent > EaselComponent threw: \
            Wiring: the shared Studio was requested again while its own factory was running. \
            A factory awaited an AsyncProvider of a binding that depends on it; \
            keep the provider and call it after construction instead.
              required by Easel, the root of EaselComponent at App/Easel.swift:9
              required by Studio at App/Studio.swift:3
            """)
    }
}
