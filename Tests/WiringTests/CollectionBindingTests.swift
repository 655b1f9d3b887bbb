import Testing
import Wiring

/// `intoCollection()` contributions are merged into `[Element]`.
struct CollectionBindingTests {
    @Test func contributionsOfOneAndOfManyElementsAreMergedInDeclarationOrder() throws {
        let root = try ComponentFactory.of(CollectionRoot.self).build()
        #expect(root.denominations == [1, 2, 5, 10, 20])
    }

    @Test func contributionsFromSeveralModulesAreMerged() throws {
        let root = try ComponentFactory.of(CollectionRoot.self).build()
        #expect(root.plugins.map(\.name) == ["audit", "receipt"])
    }

    @Test func aTaggedCollectionIsSeparateFromTheUntaggedOne() throws {
        let root = try ComponentFactory.of(CollectionRoot.self).build()
        #expect(root.large == [50, 100])
    }

    @Test func aSharedContributionIsMadeOncePerBuild() throws {
        let factory = try ComponentFactory.of(CollectionRoot.self)
        let root = factory.build()
        #expect(root.plugins[0] === root.pluginsAgain.get()[0])
        #expect(root.plugins[1] !== root.pluginsAgain.get()[1])
        #expect(root.plugins[0] !== factory.build().plugins[0])
    }
}

// MARK: - Fixtures

private final class Plugin: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

private struct LargeNotes: Wiring.BindingTag { typealias Element = [Int] }

private struct DenominationModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Int.self).intoCollection().to(value: 1)
        binder.bind(Int.self).intoCollection().to(value: [2, 5])
        binder.bind(Int.self).intoCollection().to { 10 }
        binder.bind(Int.self).intoCollection().to { [20] }
        binder.bind(Int.self).intoCollection().tagged(with: LargeNotes.self).to(value: [50, 100])
    }
}

private struct AuditModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Plugin.self).intoCollection().sharedInScope().to { Plugin(name: "audit") }
    }
}

private struct ReceiptModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Plugin.self).intoCollection().to { Plugin(name: "receipt") }
    }
}

private struct CollectionRoot: RootComponent {
    typealias Root = Collections
    struct Collections {
        let denominations: [Int]
        let plugins: [Plugin]
        let pluginsAgain: Provider<[Plugin]>
        let large: [Int]
        init(denominations: [Int], plugins: [Plugin], pluginsAgain: Provider<[Plugin]>, large: TaggedProvider<LargeNotes>) {
            self.denominations = denominations
            self.plugins = plugins
            self.pluginsAgain = pluginsAgain
            self.large = large.get()
        }
    }
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: DenominationModule.self)
        binder.include(module: AuditModule.self)
        binder.include(module: ReceiptModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Collections>) -> BindingReceipt<Collections> {
        bind.to(factory: Collections.init)
    }
}
