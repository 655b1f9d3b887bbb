import Testing
import Wiring

/// `of` validates the whole graph and throws one error with every problem, word for word.
struct ValidationTests {
    @Test func aMissingBindingNamesTheTypeEveryRequirerAndTheFix() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(MissingNetworkRoot.self) }
        #expect(error.description == """
            Wiring found 1 problem in the object graph of MissingNetworkRoot:

            ATMLibWiring/ATMLibModule.swift:13: error: Missing binding for any NetworkExecutor.
              required by ATMDepositer at ATMLibWiring/ATMLibModule.swift:13
              required by ATMDepositer, the root of MissingNetworkRoot at App/RootComponent.swift:20
              To fix this, bind it with binder.bind((any NetworkExecutor).self).to(...) in a module that MissingNetworkRoot includes, or include the module that binds it.
            """)
        #expect(error.diagnostics.map(\.kind) == [.missingBinding])
        #expect(error.diagnostics.first?.location == SourceLocation(fileID: "ATMLibWiring/ATMLibModule.swift", line: 13))
    }

    @Test func aMissingBindingSuggestsABoundTypeWithASimilarName() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(ConcreteNetworkRoot.self) }
        #expect(error.diagnostics.map(\.message) == ["""
            Missing binding for any NetworkExecutor.
              required by ATMDepositer at ATMLibWiring/ATMLibModule.swift:13
              required by ATMDepositer, the root of ConcreteNetworkRoot at App/RootComponent.swift:20
              Did you mean BankNetworkExecutor? It is bound at NetworkWiring/BankNetworkModule.swift:8 in ConcreteBankModule.
              To fix this, bind it with binder.bind((any NetworkExecutor).self).to(...) in a module that ConcreteNetworkRoot includes, or include the module that binds it.
            """])
    }

    @Test func aMissingTaggedBindingPointsAtTheUntaggedOne() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(UntaggedURLRoot.self) }
        #expect(error.diagnostics.map(\.message) == ["""
            Missing binding for String tagged BankURL.
              required by String, the root of UntaggedURLRoot (as TaggedProvider<BankURL>) at App/RootComponent.swift:30
              String is bound without a tag at App/Config.swift:3 in UntaggedURLRoot; to use that binding, request String.
              To fix this, bind it with binder.bind(String.self).tagged(with: BankURL.self).to(...) in a module that UntaggedURLRoot includes, or include the module that binds it.
            """])
    }

    @Test func aDuplicateBindingNamesBothLocations() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(TwoNetworksRoot.self) }
        #expect(error.diagnostics.map(\.description) == ["""
            NetworkWiring/BankNetworkModule.swift:8: error: any NetworkExecutor is bound more than once.
              bound at NetworkWiring/BankNetworkModule.swift:8 in BankNetworkModule
              bound again at FakeNetworkWiring/FakeNetworkModule.swift:9 in FakeNetworkModule
              To fix this, keep one binding of any NetworkExecutor: include only one of the modules that bind it, or tag one binding with .tagged(with:) and request it as TaggedProvider. To provide several values, contribute each with .intoCollection().
            """])
        #expect(error.diagnostics.map(\.kind) == [.duplicateBinding])
    }

    @Test func contributionsToACollectionAreNotDuplicates() throws {
        let factory = try ComponentFactory.of(PluginRoot.self)
        #expect(factory.build() == [1, 2])
    }

    @Test func aCollectionThatIsAlsoBoundAsASingleValueIsReported() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(MixedPluginRoot.self) }
        #expect(error.diagnostics.map(\.message) == ["""
            [Int] is bound both as a single value and as a collection.
              bound as a single value at App/Plugins.swift:3 in MixedPluginRoot
              contributed to the collection at App/Plugins.swift:1 in PluginModule
              contributed to the collection at App/Plugins.swift:2 in PluginModule
              To fix this, either bind [Int] once as a single value, or contribute every element with .intoCollection().
            """])
    }

    @Test func aDependencyCycleListsEveryStepWithItsLocation() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(CycleRoot.self) }
        #expect(error.diagnostics.map(\.description) == ["""
            App/Cycle.swift:1: error: Dependency cycle: Teller -> Vault -> Audit -> Teller.
              Vault is required by Teller at App/Cycle.swift:1
              Audit is required by Vault at App/Cycle.swift:2
              Teller is required by Audit at App/Cycle.swift:3
              To fix this, break the cycle: let one of these factories take Provider<T> (or () -> T) instead of T and call get() after construction.
            """])
    }

    @Test func aCycleThroughAProviderIsLegalAndWorks() throws {
        let root = try ComponentFactory.of(ProviderCycleRoot.self).build()
        #expect(root.vault.teller.get().name == "teller")
        #expect(root.vault.teller.get().vault.teller.get().name == "teller")
    }

    @Test func everyProblemOfAGraphIsReportedInOneError() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(BrokenRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.duplicateBinding, .missingBinding, .dependencyCycle])
        #expect(error.description == """
            Wiring found 3 problems in the object graph of BrokenRoot:

            NetworkWiring/BankNetworkModule.swift:8: error: any NetworkExecutor is bound more than once.
              bound at NetworkWiring/BankNetworkModule.swift:8 in BankNetworkModule
              bound again at FakeNetworkWiring/FakeNetworkModule.swift:9 in FakeNetworkModule
              To fix this, keep one binding of any NetworkExecutor: include only one of the modules that bind it, or tag one binding with .tagged(with:) and request it as TaggedProvider. To provide several values, contribute each with .intoCollection().

            App/Broken.swift:1: error: Missing binding for BillScanner.
              required by ATMDepositer at App/Broken.swift:1
              To fix this, bind it with binder.bind(BillScanner.self).to(...) in a module that BrokenRoot includes, or include the module that binds it.

            App/Cycle.swift:1: error: Dependency cycle: Teller -> Vault -> Audit -> Teller.
              Vault is required by Teller at App/Cycle.swift:1
              Audit is required by Vault at App/Cycle.swift:2
              Teller is required by Audit at App/Cycle.swift:3
              To fix this, break the cycle: let one of these factories take Provider<T> (or () -> T) instead of T and call get() after construction.
            """)
    }

    @Test func aBindingRecordsTheFileAndLineOfItsBindCall() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(DefaultLocationRoot.self) }
        #expect(error.diagnostics.first?.location == SourceLocation(fileID: "WiringTests/ValidationTests.swift", line: DefaultLocationRoot.bindLine))
    }

    @Test func aRootBoundTwiceIsReported() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(TwoRootsRoot.self) }
        #expect(error.diagnostics.map(\.message) == ["""
            configureRoot of TwoRootsRoot binds the root more than once.
              bound at App/Roots.swift:1
              bound again at App/Roots.swift:2
              To fix this, make configureRoot bind the root once and return that receipt.
            """])
    }
}

// MARK: - Fixtures
//
// Most fixtures pass explicit locations so that messages can be asserted whole.

private protocol NetworkExecutor: Sendable {}
private struct BankNetworkExecutor: NetworkExecutor {}
private struct FakeNetworkExecutor: NetworkExecutor {}
private struct BillScanner: Sendable {}

private struct ATMDepositer: Sendable {
    init(scanner: BillScanner, network: any NetworkExecutor) {}
}

private struct ATMLibModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(BillScanner.self, file: "ATMLibWiring/ATMLibModule.swift", line: 12).to(factory: BillScanner.init)
        binder.bind(ATMDepositer.self, file: "ATMLibWiring/ATMLibModule.swift", line: 13).to(factory: ATMDepositer.init)
    }
}

private struct BankNetworkModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any NetworkExecutor).self, file: "NetworkWiring/BankNetworkModule.swift", line: 8)
            .to { BankNetworkExecutor() as any NetworkExecutor }
    }
}

private struct ConcreteBankModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(BankNetworkExecutor.self, file: "NetworkWiring/BankNetworkModule.swift", line: 8).to(factory: BankNetworkExecutor.init)
    }
}

private struct FakeNetworkModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any NetworkExecutor).self, file: "FakeNetworkWiring/FakeNetworkModule.swift", line: 9)
            .to { FakeNetworkExecutor() as any NetworkExecutor }
    }
}

private struct MissingNetworkRoot: RootComponent {
    typealias Root = ATMDepositer
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: ATMLibModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<ATMDepositer>) -> BindingReceipt<ATMDepositer> {
        bind.to(file: "App/RootComponent.swift", line: 20, factory: ATMDepositer.init)
    }
}

private struct ConcreteNetworkRoot: RootComponent {
    typealias Root = ATMDepositer
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: ATMLibModule.self)
        binder.include(module: ConcreteBankModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<ATMDepositer>) -> BindingReceipt<ATMDepositer> {
        bind.to(file: "App/RootComponent.swift", line: 20, factory: ATMDepositer.init)
    }
}

private struct BankURL: Wiring.Tag { typealias Element = String }

private struct UntaggedURLRoot: RootComponent {
    typealias Root = String
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self, file: "App/Config.swift", line: 3).to(value: "http://127.0.0.1:8080")
    }
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to(file: "App/RootComponent.swift", line: 30) { (url: TaggedProvider<BankURL>) in url.get() }
    }
}

private struct TwoNetworksRoot: RootComponent {
    typealias Root = ATMDepositer
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: ATMLibModule.self)
        binder.include(module: BankNetworkModule.self)
        binder.include(module: FakeNetworkModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<ATMDepositer>) -> BindingReceipt<ATMDepositer> {
        bind.to(factory: ATMDepositer.init)
    }
}

private struct PluginModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Int.self, file: "App/Plugins.swift", line: 1).intoCollection().to(value: 1)
        binder.bind(Int.self, file: "App/Plugins.swift", line: 2).intoCollection().to(value: 2)
    }
}

private struct PluginRoot: RootComponent {
    typealias Root = [Int]
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: PluginModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<[Int]>) -> BindingReceipt<[Int]> {
        bind.to { (plugins: [Int]) in plugins }
    }
}

private struct MixedPluginRoot: RootComponent {
    typealias Root = [Int]
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: PluginModule.self)
        binder.bind([Int].self, file: "App/Plugins.swift", line: 3).to(value: [3])
    }
    static func configureRoot(binder bind: ReceiptBinder<[Int]>) -> BindingReceipt<[Int]> {
        bind.to { (plugins: [Int]) in plugins }
    }
}

private struct Teller { init(vault: Vault) {} }
private struct Vault { init(audit: Audit) {} }
private struct Audit { init(teller: Teller) {} }

private struct CycleModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Teller.self, file: "App/Cycle.swift", line: 1).to(factory: Teller.init)
        binder.bind(Vault.self, file: "App/Cycle.swift", line: 2).to(factory: Vault.init)
        binder.bind(Audit.self, file: "App/Cycle.swift", line: 3).to(factory: Audit.init)
    }
}

private struct CycleRoot: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: CycleModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to(value: 0)
    }
}

private final class LazyTeller: Sendable {
    let name = "teller"
    let vault: LazyVault
    init(vault: LazyVault) { self.vault = vault }
}

private final class LazyVault: Sendable {
    let teller: Provider<LazyTeller>
    init(teller: Provider<LazyTeller>) { self.teller = teller }
}

private struct ProviderCycleRoot: RootComponent {
    typealias Root = LazyTeller
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(LazyTeller.self).to(factory: LazyTeller.init)
        binder.bind(LazyVault.self).to(factory: LazyVault.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<LazyTeller>) -> BindingReceipt<LazyTeller> {
        bind.to(factory: LazyTeller.init)
    }
}

private struct BrokenRoot: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: BankNetworkModule.self)
        binder.include(module: FakeNetworkModule.self)
        binder.bind(ATMDepositer.self, file: "App/Broken.swift", line: 1).to(factory: ATMDepositer.init)
        binder.include(module: CycleModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to(value: 0)
    }
}

private struct DefaultLocationRoot: RootComponent {
    typealias Root = ATMDepositer
    static let bindLine = #line + 3
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(BillScanner.self).to(factory: BillScanner.init)
        binder.bind(ATMDepositer.self).to(factory: ATMDepositer.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<ATMDepositer>) -> BindingReceipt<ATMDepositer> {
        bind.to(factory: ATMDepositer.init)
    }
}

private struct TwoRootsRoot: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to(value: 1, file: "App/Roots.swift", line: 1)
        return bind.to(value: 2, file: "App/Roots.swift", line: 2)
    }
}
