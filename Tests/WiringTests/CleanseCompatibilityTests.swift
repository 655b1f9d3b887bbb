import Testing
import WiringCleanse

/// What wiring libraries and tests written for Cleanse rely on, beyond the core vocabulary.
struct CleanseCompatibilityTests {
    @Test func cleanseQualifiedNamesCompileAgainstWiring() throws {
        #expect(try ComponentFactory.of(QualifiedRoot.self).build() == "nested module")
    }

    @Test func bindWithAnInferredTypeTakesAClosureWithoutParameters() throws {
        #expect(try ComponentFactory.of(InferredClosureRoot.self).build() == [3])
    }

    @Test func theRootIsABindingOfItsTypeThatOtherBindingsCanTake() throws {
        let root = try ComponentFactory.of(RootAsBindingRoot.self).build()
        #expect(root.helper.owner.get().name == "root")
        #expect(root.helper.owner.get() !== root)
    }

    /// A built component lives while something holds one of its providers, not while its
    /// factory lives, as Cleanse's graphs did: a `WeakProvider` back to a shared parent gives nil
    /// once only the objects hold each other. Keeping a `Provider` of the component keeps it.
    @Test func aWeakProviderBackToASharedParentLivesAsLongAsItsComponent() throws {
        let parent = try ComponentFactory.of(WeakParentAloneRoot.self).build()
        #expect(parent.child.parent.get() == nil)
        let kept = try ComponentFactory.of(WeakParentRoot.self).build()
        #expect(kept.keeper.get() === kept.parent)
        #expect(kept.parent.child.parent.get() === kept.parent)
    }

    @Test func aCycleThroughTheRootIsReported() throws {
        let error = try #require(throws: DependencyCycle.self) { try ComponentFactory.of(RootCycleRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.dependencyCycle])
        #expect(error.description.contains("Dependency cycle: CycleHelper -> RootInCycle -> CycleHelper."))
    }

    @Test func cleansesErrorNamesCatchWiringsError() throws {
        do {
            _ = try ComponentFactory.of(RootCycleRoot.self)
            Issue.record("the graph should not validate")
        } catch let error as MultiError {
            let cleanseError: any CleanseError = error
            #expect(cleanseError.description == error.description)
            let errors: [any CleanseError] = error.errors
            #expect(errors.compactMap { $0 as? Diagnostic } == error.diagnostics)
            #expect(errors.map(\.description) == error.diagnostics.map(\.description))
        }
    }

    @Test func aWeakProviderAndAnAssistedValueCanBeMadeFromGetters() {
        #expect(WeakProvider<Int>(getter: { 3 }).get() == 3)
        #expect(WeakProvider<Int>(getter: { nil }).get() == nil)
        #expect(Assisted(getter: { "seed" }).get() == "seed")
    }

    @Test func aSourceLocationCanBeMadeTheCleanseWay() {
        #expect(SourceLocation(file: "App/Module.swift", line: 3, function: "configure(binder:)").description == "App/Module.swift:3")
    }

    @Test func binderBaseExtensionsReachEveryBinder() throws {
        #expect(try ComponentFactory.of(BinderBaseRoot.self).build() == "from an extension")
    }

    @Test func aProviderSeedIsBuiltFromItsElementThroughTheProtocol() throws {
        #expect(Self.build(try ComponentFactory.of(TaggedSeedRoot.self)) == "user-1")
    }

    private static func build<F: ComponentFactoryProtocol>(_ factory: F) -> String where F.ComponentElement == TaggedSeedRoot {
        factory.build("user-1")
    }

    @Test func theOlderTerminalsToZeroAndToOneBind() throws {
        #expect(try ComponentFactory.of(LegacyTerminalsRoot.self).build() == Grill(cheese: Cheese(slices: 2)))
    }

    /// Helpers written for Cleanse pass their caller's `function:` along with its file and line.
    @Test func terminalsThatTakeTheCallersFunctionBind() throws {
        let injector = try ComponentFactory.of(FunctionArgumentRoot.self).build()
        let note = Note()
        injector.injectProperties(into: note)
        #expect(note.text == "limit 40")
    }

    /// Cleanse's assisted factory terminals take the caller's `function:` too.
    @Test func assistedFactoryTerminalsThatTakeTheCallersFunctionBind() throws {
        let made = try ComponentFactory.of(AssistedFunctionRoot.self).build()
        #expect(made.doubler.build(21) == 42)
        #expect(made.labeler.build(5) == "5 of 3")
        #expect(made.pricer.build("EUR") == Price(amount: 3, label: "3 of 3", currency: "EUR"))
    }

    /// Cleanse declares `bindFactory` and `bindPropertyInjectionOf` on `BinderBase`, so that an
    /// extension of it can bind assisted factories and property injectors.
    @Test func binderBaseExtensionsBindAssistedFactoriesAndPropertyInjectors() throws {
        let made = try ComponentFactory.of(BinderBaseAssistedRoot.self).build()
        #expect(made.doubler.build(21) == 42)
        let note = Note()
        made.notes.injectProperties(into: note)
        #expect(note.text == "limit 7")
    }

    @Test func extensionsWrittenWithCleansesGenericParameterNamesCompile() {
        #expect(TaggedProvider<UserID>(getter: { "user-7" }).userName == "user-7")
        #expect(WeakProvider<Greeter>(getter: { nil }).isGone)
        #expect(Assisted<String>(getter: { "seed" }).shouted == "SEED")
    }

    /// Cleanse named `PropertyInjectionReceiptBinder`'s generic parameter `E`.
    @Test func aPropertyInjectionBinderExtensionWrittenWithCleansesParameterNameBinds() throws {
        let injector = try ComponentFactory.of(NoteInjectorRoot.self).build()
        let note = Note()
        injector.injectProperties(into: note)
        #expect(note.text == "limit 12")
    }

    @Test func ofCanBeCalledThroughTheFactoryProtocol() throws {
        #expect(try Self.make(ComponentFactory<BinderBaseRoot>.self) == "from an extension")
    }

    private static func make<F: ComponentFactoryProtocol>(_: F.Type) throws -> F.ComponentElement.Root
        where F.ComponentElement: RootComponent, F.ComponentElement.Seed == Void {
        try F.of(F.ComponentElement.self).build(())
    }

    /// Cleanse's `BinderType` includes modules of its own scope, so that code generic over
    /// binders includes scoped modules.
    @Test func aScopedModuleIncludedThroughABinderTypeShares() throws {
        let pair = try ComponentFactory.of(ScopedIncludeRoot.self).build()
        #expect(pair.first === pair.second)
    }

    @Test func aModuleIncludedThroughAnInstallerBinds() throws {
        #expect(try ComponentFactory.of(InstallerRoot.self).build() == "nested module")
    }
}

// MARK: - Fixtures

private struct Greeter {
    let text: String

    /// Cleanse's idiom: a module nested in the type it binds, named with the module.
    struct Module: Cleanse.Module {
        static func configure(binder: Cleanse.Binder<Cleanse.Unscoped>) {
            binder.bind(Greeter.self).to { Greeter(text: "nested module") }
        }
    }
}

private struct QualifiedRoot: Cleanse.RootComponent {
    typealias Root = String
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: Greeter.Module.self)
    }
    static func configureRoot(binder bind: Cleanse.ReceiptBinder<String>) -> Cleanse.BindingReceipt<String> {
        bind.to { (greeter: Greeter) in greeter.text }
    }
}

private struct Cheese: Equatable { let slices: Int }
private struct Grill: Equatable { let cheese: Cheese }

private final class Note: @unchecked Sendable {
    var text = ""
    func inject(limit: Int) { text = "limit \(limit)" }
}

private struct FunctionArgumentRoot: RootComponent {
    typealias Root = PropertyInjector<Note>
    static func configure(binder: Binder<Unscoped>) {
        bindLimit(binder, file: #fileID, line: #line, function: #function)
    }
    /// A helper as Cleanse code writes them: it passes its caller's location along.
    static func bindLimit(_ binder: Binder<Unscoped>, file: StaticString, line: Int, function: StaticString) {
        binder.bind(Int.self).to(value: 40, file: file, line: line, function: function)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.propertyInjector { bind in bind.to(file: #fileID, line: #line, function: #function, injector: Note.inject) }
    }
}

/// An assisted factory whose factory also takes a dependency from the graph.
private struct Labeler: AssistedFactory {
    typealias Seed = Int
    typealias Element = String
}

/// An assisted factory whose seed comes last, after two dependencies from the graph.
private struct Pricer: AssistedFactory {
    typealias Seed = String
    typealias Element = Price
}

private struct Price: Equatable {
    let amount: Int
    let label: String
    let currency: String

    init(amount: Int, label: String, currency: Assisted<String>) {
        self.init(amount: amount, label: label, currency: currency.get())
    }

    init(amount: Int, label: String, currency: String) {
        self.amount = amount
        self.label = label
        self.currency = currency
    }
}

private struct AssistedFactories {
    let doubler: Factory<Doubler>
    let labeler: Factory<Labeler>
    let pricer: Factory<Pricer>
}

private struct AssistedFunctionRoot: RootComponent {
    typealias Root = AssistedFactories
    static func configure(binder: Binder<Unscoped>) {
        bindFactories(binder, file: #fileID, line: #line, function: #function)
    }
    /// A helper as Cleanse code writes them: it passes its caller's location along.
    static func bindFactories(_ binder: Binder<Unscoped>, file: StaticString, line: Int, function: StaticString) {
        binder.bindFactory(Int.self).with(Doubler.self).to(file: file, line: line, function: function) { (seed: Assisted<Int>) in
            seed.get() * 2
        }
        binder.bindFactory(String.self).with(Labeler.self).to(file: file, line: line, function: function) { (seed: Assisted<Int>, count: Int) in
            "\(seed.get()) of \(count)"
        }
        binder.bindFactory(Price.self).with(Pricer.self).to(file: file, line: line, function: function, factory: Price.init)
        binder.bind(String.self).to(value: "3 of 3")
        binder.bind(Int.self).to(value: 3)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(factory: AssistedFactories.init)
    }
}

private final class Vault {}

/// A module of the `Singleton` scope, which only a binder of that scope includes.
private struct VaultModule: Module {
    typealias Scope = Singleton
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Vault.self).sharedInScope().to { Vault() }
    }
}

extension BinderType where Scope == Singleton {
    fileprivate func includeVault() {
        include(module: VaultModule.self)
    }
}

private struct ScopedIncludeRoot: RootComponent {
    typealias Root = (first: Vault, second: Vault)
    static func configure(binder: Binder<Singleton>) {
        binder.includeVault()
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (first: Vault, second: Vault) in (first, second) }
    }
}

private struct LegacyTerminalsRoot: RootComponent {
    typealias Root = Grill
    static func configure(binder: Binder<Unscoped>) {
        binder.bind().to0 { Cheese(slices: 2) }
        binder.bind().to1(factory: Grill.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Grill>) -> BindingReceipt<Grill> {
        bind.to { (grill: Grill) in grill }
    }
}

extension TaggedProvider where Tag == UserID {
    fileprivate var userName: String { self.get() }
}

extension WeakProvider where E == Greeter {
    fileprivate var isGone: Bool { self.get() == nil }
}

extension Assisted where E == String {
    fileprivate var shouted: String { self.get().uppercased() }
}

extension PropertyInjectionReceiptBinder where E == Note {
    fileprivate func toNoteInjector() -> BindingReceipt<PropertyInjector<Note>> {
        to(injector: Note.inject)
    }
}

private struct NoteInjectorRoot: RootComponent {
    typealias Root = PropertyInjector<Note>
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Int.self).to(value: 12)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.propertyInjector { bind in bind.toNoteInjector() }
    }
}

extension Installer {
    fileprivate func includeGreeter() {
        include(module: Greeter.Module.self)
    }
}

private struct InstallerRoot: RootComponent {
    typealias Root = String
    static func configure(binder: Binder<Singleton>) {
        binder.includeGreeter()
    }
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to { (greeter: Greeter) in greeter.text }
    }
}

private struct InferredClosureRoot: RootComponent {
    typealias Root = [Int]
    static func configure(binder: Binder<Unscoped>) {
        binder.bind().to { Cheese(slices: 3) }
        binder.bind().intoCollection().to { 3 }
    }
    static func configureRoot(binder bind: ReceiptBinder<[Int]>) -> BindingReceipt<[Int]> {
        bind.to { (numbers: [Int], _: Cheese) in numbers }
    }
}

private final class RootObject: Sendable {
    let name = "root"
    let helper: Helper
    init(helper: Helper) { self.helper = helper }
}

private final class Helper: Sendable {
    let owner: Provider<RootObject>
    init(owner: Provider<RootObject>) { self.owner = owner }
}

private struct RootAsBindingRoot: RootComponent {
    typealias Root = RootObject
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Helper.self).to(factory: Helper.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<RootObject>) -> BindingReceipt<RootObject> {
        bind.to(factory: RootObject.init)
    }
}

private struct RootInCycle { init(helper: CycleHelper) {} }
private struct CycleHelper { init(root: RootInCycle) {} }

private struct RootCycleRoot: RootComponent {
    typealias Root = RootInCycle
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(CycleHelper.self).to(factory: CycleHelper.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<RootInCycle>) -> BindingReceipt<RootInCycle> {
        bind.to(factory: RootInCycle.init)
    }
}

extension BinderBase {
    fileprivate func bindGreeting() {
        bind(String.self).to(value: "from an extension")
    }
}

private struct AssistedAndInjected {
    let doubler: Factory<Doubler>
    let notes: PropertyInjector<Note>
}

extension BinderBase {
    fileprivate func bindDoublerAndNotes() {
        bindFactory(Int.self).with(Doubler.self).to { (seed: Assisted<Int>) in seed.get() * 2 }
        bindPropertyInjectionOf(Note.self).to(injector: Note.inject)
        bind(Int.self).to(value: 7)
    }
}

private struct BinderBaseAssistedRoot: RootComponent {
    typealias Root = AssistedAndInjected
    static func configure(binder: Binder<Unscoped>) {
        binder.bindDoublerAndNotes()
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(factory: AssistedAndInjected.init)
    }
}

private struct BinderBaseRoot: RootComponent {
    typealias Root = String
    static func configure(binder: Binder<Unscoped>) {
        binder.bindGreeting()
    }
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to { (greeting: String) in greeting }
    }
}

private struct UserID: Wiring.BindingTag { typealias Element = String }

private struct TaggedSeedRoot: RootComponent {
    typealias Seed = TaggedProvider<UserID>
    typealias Root = String
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to { (user: TaggedProvider<UserID>) in user.get() }
    }
}

// MARK: - A weak provider back to a shared parent

private final class WeakParent: Sendable {
    let child: WeakChild
    init(child: WeakChild) { self.child = child }
}

private final class WeakChild: Sendable {
    let parent: WeakProvider<WeakParent>
    init(parent: WeakProvider<WeakParent>) { self.parent = parent }
}

private struct WeakParentApp: Sendable {
    let parent: WeakParent
    /// Holds the component, and so the parent that the weak provider reaches.
    let keeper: Provider<WeakParent>
}

private struct WeakParentModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(WeakParent.self).sharedInScope().to(factory: WeakParent.init)
        binder.bind(WeakChild.self).sharedInScope().to(factory: WeakChild.init)
    }
}

/// The root is the parent itself: nothing holds a provider of the component once it is built.
private struct WeakParentAloneRoot: RootComponent {
    typealias Root = WeakParent
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: WeakParentModule.self)
    }
}

private struct WeakParentRoot: RootComponent {
    typealias Root = WeakParentApp
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: WeakParentModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<WeakParentApp>) -> BindingReceipt<WeakParentApp> {
        bind.to(factory: WeakParentApp.init)
    }
}
