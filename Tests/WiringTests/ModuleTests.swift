import Synchronization
import Testing
import Wiring

/// Modules compose with `include`; `of` configures once, `build` never again. Serialized: the
/// counting test and the include-twice test configure the same root, and counts are global.
@Suite(.serialized)
struct ModuleTests {
    @Test func ofRunsEveryConfigureExactlyOnceAndBuildNeverRunsItAgain() throws {
        ConfigureCounts.reset()
        let factory = try ComponentFactory.of(CountedRoot.self)
        #expect(ConfigureCounts.snapshot == ["CountedRoot": 1, "SharedModule": 1, "LeafModule": 1, "configureRoot": 1])
        for _ in 0..<10 { _ = factory.build() }
        #expect(ConfigureCounts.snapshot == ["CountedRoot": 1, "SharedModule": 1, "LeafModule": 1, "configureRoot": 1])
    }

    @Test func includingAModuleTwiceIsHarmless() throws {
        let root = try ComponentFactory.of(CountedRoot.self).build()
        #expect(root == "leaf")
    }

    @Test func aScopedModuleIsIncludedByABinderOfItsScope() throws {
        let root = try ComponentFactory.of(ScopedModuleRoot.self).build()
        #expect(root.0 === root.1)
    }
}

// MARK: - Fixtures

private enum ConfigureCounts {
    private static let counts = Mutex<[String: Int]>([:])
    static func record(_ name: String) { counts.withLock { $0[name, default: 0] += 1 } }
    static func reset() { counts.withLock { $0 = [:] } }
    static var snapshot: [String: Int] { counts.withLock { $0 } }
}

private struct LeafModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        ConfigureCounts.record("LeafModule")
        binder.bind(String.self).to(value: "leaf")
    }
}

private struct SharedModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        ConfigureCounts.record("SharedModule")
        binder.include(module: LeafModule.self)
    }
}

private struct CountedRoot: RootComponent {
    typealias Root = String
    static func configure(binder: Binder<Unscoped>) {
        ConfigureCounts.record("CountedRoot")
        binder.include(module: SharedModule.self)
        binder.include(module: LeafModule.self)
        binder.include(module: SharedModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        ConfigureCounts.record("configureRoot")
        return bind.to { (leaf: String) in leaf }
    }
}

private final class Ledger: Sendable {}

private struct LedgerModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Ledger.self).sharedInScope().to(factory: Ledger.init)
    }
}

private struct ScopedModuleRoot: RootComponent {
    typealias Root = (Ledger, Ledger)
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: LedgerModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (first: Ledger, second: Ledger) in (first, second) }
    }
}
