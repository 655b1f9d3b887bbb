import Testing
import Wiring

/// `of` validates the whole graph and throws one error with every problem, word for word.
struct ValidationTests {
    @Test func aMissingBindingNamesTheTypeEveryRequirerAndTheFix() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(MissingNetworkRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.missingBinding])
        #expect(error.diagnostics.first?.location == SourceLocation(fileID: "ATMLibWiring/ATMLibModule.swift", line: 13))
    }

    @Test func aDuplicateBindingNamesBothLocations() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(TwoNetworksRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.duplicateBinding])
    }

    @Test func contributionsToACollectionAreNotDuplicates() throws {
        let factory = try ComponentFactory.of(PluginRoot.self)
        #expect(factory.build() == [1, 2])
    }

    @Test func aCycleThroughAProviderIsLegalAndWorks() throws {
        let root = try ComponentFactory.of(ProviderCycleRoot.self).build()
        #expect(root.vault.teller.get().name == "teller")
        #expect(root.vault.teller.get().vault.teller.get().name == "teller")
    }

    @Test func everyProblemOfAGraphIsReportedInOneError() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(BrokenRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.duplicateBinding, .missingBinding, .dependencyCycle])
    }

    @Test func aBindingRecordsTheFileAndLineOfItsBindCall() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(DefaultLocationRoot.self) }
        #expect(error.diagnostics.first?.location == SourceLocation(fileID: "WiringTests/ValidationTests.swift", line: DefaultLocationRoot.bindLine))
    }

    /// Generic arguments are spelled as code spells them, however deep they nest; a name with no
    /// array, optional or dictionary in it is kept as Swift prints it.
    @Test func aMissingGenericTypeIsNamedAsCodeSpellsIt() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(CrateRoot.self) }
        let names = ["Crate<Crate<Crate<Int>>>", "Crate<Int?>", "Crate<[Int]>", "Crate<[String: Int]>", "Crate<Crate<[String: [Int?]]>>"]
        #expect(error.diagnostics.map(\.message) == names.map { name in
            """
            Missing binding for \(name).
              required by Int, the root of CrateRoot at App/CrateRoot.swift:4
              To fix this, bind it with binder.bind(\(name).self).to(...) in a module that CrateRoot includes, or include the module that binds it.
            """
        })
    }
}

// MARK: - Fixtures
//
// Most fixtures pass explicit locations so that messages can be asserted whole.

private struct Crate<Content>: Sendable {}

private struct CrateRoot: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to(file: "App/CrateRoot.swift", line: 4) {
            (_: Crate<Crate<Crate<Int>>>, _: Crate<Int?>, _: Crate<[Int]>, _: Crate<[String: Int]>, _: Crate<Crate<[String: [Int?]]>>) in 0
        }
    }
}

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

private struct BankURL: Wiring.BindingTag { typealias Element = String }

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

// MARK: - Golden cases (Tests/Fixtures/Diagnostics; ARCHITECTURE.md, "Golden diagnostics")

extension GoldenGraphs {
    /// From `ValidationTests.aCollectionThatIsAlsoBoundAsASingleValueIsReported`.
    enum CollectionThatIsAlsoBoundAsASingleValueIsReported: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(MixedPluginRoot.self) }
    }

    /// From `ValidationTests.aDependencyCycleListsEveryStepWithItsLocation`.
    enum DependencyCycleListsEveryStepWithItsLocation: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(CycleRoot.self) }
    }

    /// From `ValidationTests.aDuplicateBindingNamesBothLocations`.
    enum DuplicateBindingNamesBothLocations: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(TwoNetworksRoot.self) }
    }

    /// From `ValidationTests.everyProblemOfAGraphIsReportedInOneError`.
    enum EveryProblemOfAGraphIsReportedInOneError: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(BrokenRoot.self) }
    }

    /// From `ValidationTests.aMissingBindingNamesTheTypeEveryRequirerAndTheFix`.
    enum MissingBindingNamesTheTypeEveryRequirerAndTheFix: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(MissingNetworkRoot.self) }
    }

    /// From `ValidationTests.aMissingBindingSuggestsABoundTypeWithASimilarName`.
    enum MissingBindingSuggestsABoundTypeWithASimilarName: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(ConcreteNetworkRoot.self) }
    }

    /// From `ValidationTests.aMissingTaggedBindingPointsAtTheUntaggedOne`.
    enum MissingTaggedBindingPointsAtTheUntaggedOne: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(UntaggedURLRoot.self) }
    }

    /// From `ValidationTests.aRootBoundTwiceIsReported`.
    enum RootBoundTwiceIsReported: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(TwoRootsRoot.self) }
    }
}
