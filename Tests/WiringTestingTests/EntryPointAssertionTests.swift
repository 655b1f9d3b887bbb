import Testing
import Wiring
import WiringTesting

/// A root checked by the wrong assertion is reported with a fix that names the right one, and the
/// main-actor entry point has its assertion and its per-test replacements.
struct EntryPointAssertionTests {
    @Test func aThrowingRootUnderExpectValidGraphNamesTheOtherAssertions() {
        withKnownIssue {
            expectValidGraph(VaultRoot.self)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                Wiring found 1 problem in the object graph of VaultRoot:

                WiringTestingTests/EntryPointAssertionTests.swift:82: error: ComponentFactory.build(_:) cannot build the root of VaultRoot: Vault, the root of VaultRoot, throws, and build(_:) is synchronous, nonisolated and cannot throw.
                  Vault, the root of VaultRoot, throws, bound at WiringTestingTests/EntryPointAssertionTests.swift:82 in VaultRoot
                  To fix this, build the root with AsyncComponentFactory.of(VaultRoot.self) and try await factory.build(...) (in a test, expectValidAsyncGraph(VaultRoot.self)), or on the main actor with MainActorComponentFactory.of(VaultRoot.self) and try factory.build(...) (in a test, expectValidMainActorGraph(VaultRoot.self)).
                """
            ]
        }
    }

    @Test func anAsyncRootUnderExpectValidMainActorGraphNamesTheAsyncAssertion() {
        withKnownIssue {
            expectValidMainActorGraph(StoreRoot.self)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                Wiring found 1 problem in the object graph of StoreRoot:

                WiringTestingTests/EntryPointAssertionTests.swift:90: error: MainActorComponentFactory.build(_:) cannot build the root of StoreRoot: Store, the root of StoreRoot, is async, and build(_:) cannot await.
                  Store, the root of StoreRoot, is async, bound at WiringTestingTests/EntryPointAssertionTests.swift:90 in StoreRoot
                  To fix this, build the root with AsyncComponentFactory.of(StoreRoot.self) and try await factory.build(...) (in a test, expectValidAsyncGraph(StoreRoot.self)).
                """
            ]
        }
    }

    @Test func theRightAssertionPassesAndGivesItsFactory() async throws {
        let vaults = try #require(expectValidMainActorGraph(VaultRoot.self))
        #expect(try await MainActor.run { try vaults.build().name } == "vault")
        let stores = try #require(expectValidAsyncGraph(StoreRoot.self))
        #expect(try await stores.build().name == "store")
    }

    @Test @MainActor func aMainActorFactoryTakesReplacements() throws {
        let factory = try MainActorComponentFactory.of(VaultRoot.self, replacing: { binder in
            binder.bind(String.self).to(value: "replaced")
        })
        #expect(try factory.build().name == "replaced")
        #expect(factory.graph.bindings.contains { $0.isOverride && $0.name == "String" })
    }

    @Test func aMainActorReplacementOfNothingIsAnError() {
        #expect(throws: ValidationError.self) {
            try MainActorComponentFactory.of(VaultRoot.self, replacing: { binder in
                binder.bind(Double.self).to(value: 1)
            })
        }
    }
}

// MARK: - Fixtures

final class Vault: Sendable {
    let name: String
    init(name: String) throws { self.name = name }
}

actor Store {
    nonisolated let name: String
    init() async { name = "store" }
}

struct VaultRoot: RootComponent {
    typealias Root = Vault
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).to(value: "vault")
    }
    static func configureRoot(binder bind: ReceiptBinder<Vault>) -> BindingReceipt<Vault> {
        bind.to(throwingFactory: Vault.init)
    }
}

struct StoreRoot: RootComponent {
    typealias Root = Store
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<Store>) -> BindingReceipt<Store> {
        bind.to(asyncFactory: Store.init)
    }
}
