import Synchronization
import Testing
import Wiring

/// Private modules: a wiring library shows only the types it exposes, and keeps its helpers to
/// itself.
struct PrivateModuleTests {
    // MARK: - Visibility

    @Test func twoPrivateModulesEachSeeTheirOwnHelperOfTheSameType() throws {
        let root = try ComponentFactory.of(TwoLibrariesRoot.self).build()
        #expect(root.payments.decoder.dateStyle == "iso8601")
        #expect(root.statements.decoder.dateStyle == "seconds")
    }

    @Test func aLibraryThatRequestsAnotherLibrarysHelperIsToldWhoKeepsItAndHowToExposeIt() throws {
        // The whole message: the golden case PrivateHelperRequestedByAnotherLibraryNamesItsKeepers.
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(ReachingRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.privateBinding])
        #expect(error.diagnostics.first?.location == SourceLocation(fileID: "ReportsWiring/ReportsModule.swift", line: 7))
    }

    @Test func aRequestForAPrivateBindingIsReportedWithEveryOtherProblemAndNamesAHelperModulesPlace() throws {
        // The whole message: the golden case PrivateBindingIsReportedBesideAMissingOne.
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(OneLibraryReachingRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.missingBinding, .privateBinding])
    }

    @Test func exposingTheSameTypeFromTwoPrivateModulesIsADuplicateNamingBoth() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(TwoExposuresRoot.self) }
        #expect(error.diagnostics.map(\.description) == ["""
            PaymentsWiring/PaymentsModule.swift:12: error: HelperDecoder is bound more than once.
              bound at PaymentsWiring/PaymentsModule.swift:12 in ExposingPaymentsModule
              bound again at StatementsWiring/StatementsModule.swift:12 in ExposingStatementsModule
              To fix this, keep one binding of HelperDecoder: include only one of the modules that bind it, or tag one binding with .tagged(with:) and request it as TaggedProvider. To provide several values, contribute each with .intoCollection().
            """])
    }

    @Test func exposingWhatThePrivateModuleDoesNotBindOrExposingOutsideOneIsReported() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(MisusedExposeRoot.self) }
        #expect(error.diagnostics.map(\.description) == [
            """
            App/Root.swift:60: error: binder.expose(tagged: BankAddress.self) is called outside a private module, so it exposes nothing.
              called at App/Root.swift:60 in MisusedExposeRoot, a component
              To fix this, call it in the configure(binder:) of a PrivateModule, or remove it: the bindings of a component are visible everywhere.
            """,
            """
            EmptyWiring/EmptyModule.swift:4: error: EmptyPrivateModule exposes HelperDecoder, but binds none.
              exposed at EmptyWiring/EmptyModule.swift:4 in EmptyPrivateModule
              To fix this, bind it in EmptyPrivateModule (or in a module it includes) with binder.bind(HelperDecoder.self).to(...), or remove the expose call.
            """,
        ])
        #expect(error.diagnostics.map(\.kind) == [.privateBinding, .privateBinding])
    }

    @Test func aTaggedBindingIsExposedByItsTag() throws {
        let root = try ComponentFactory.of(TaggedExposureRoot.self).build()
        #expect(root == "https://bank.example")
    }

    @Test func aNestedPrivateModuleExposesToTheModuleThatIncludesItOnly() throws {
        let root = try ComponentFactory.of(NestedRoot.self).build()
        #expect(root.decoder.dateStyle == "inner")
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(NestedReachingRoot.self) }
        #expect(error.diagnostics.map(\.message) == ["""
            HelperDecoder is kept private by OuterModule.
              required by HelperDecoder, the root of NestedReachingRoot at App/Root.swift:80
              bound privately at InnerWiring/InnerModule.swift:5 in InnerModule
              To fix this, expose it with binder.expose(HelperDecoder.self) in the configure(binder:) of OuterModule, or request a type OuterModule exposes instead.
            """])
    }

    @Test func aMissingBindingSuggestsNoNameAPrivateModuleKeeps() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(SimilarNameRoot.self) }
        #expect(error.diagnostics.map(\.message) == ["""
            Missing binding for HelperDecoderFactory.
              required by HelperDecoderFactory, the root of SimilarNameRoot at App/Root.swift:90
              To fix this, bind it with binder.bind(HelperDecoderFactory.self).to(...) in a module that SimilarNameRoot includes, or include the module that binds it.
            """])
    }

    @Test func theRootIsThePublicBindingOfItsTypeWhenAPrivateModuleBindsTheTypeToo() throws {
        let factory = try ComponentFactory.of(DecoderRoot.self)
        #expect(factory.build().dateStyle == "root")
    }

    // MARK: - Composition

    @Test func aSubcomponentSeesTheExposedAdapterButNotTheParentsPrivateHelper() throws {
        let app = try ComponentFactory.of(ParentRoot.self).build()
        let session = app.sessions.build(())
        #expect(session.adapter.decoder.dateStyle == "iso8601")
        #expect(session.ownDecoder.dateStyle == "session")
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(ReachingParentRoot.self) }
        #expect(error.diagnostics.map(\.description) == ["""
            Session/SessionComponent.swift:9: error: HelperDecoder is kept private by PaymentsModule.
              in ReachingParentRoot > ReachingSession
              required by SessionReport, the root of ReachingSession at Session/SessionComponent.swift:9
              bound privately at PaymentsWiring/PaymentsModule.swift:10 in PaymentsModule of ReachingParentRoot
              To fix this, expose it with binder.expose(HelperDecoder.self) in the configure(binder:) of PaymentsModule, or request a type PaymentsModule exposes instead.
            """])
    }

    @Test func anAsyncFactoryInsideAPrivateModuleCarriesItsEffectsThroughTheExposedAdapter() async throws {
        let adapter = try await AsyncComponentFactory.of(AsyncAdapterRoot.self).build()
        #expect(adapter.decoder.dateStyle == "loaded")
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(AsyncAdapterRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.unhandledEffect])
    }

    @Test func aPlainModuleIncludedByTwoPrivateModulesGivesEachItsOwnCopy() throws {
        let root = try ComponentFactory.of(SharedHelperRoot.self).build()
        #expect(root.0.decoder !== root.1.decoder)
    }
}

// MARK: - Fixtures

private final class HelperDecoder: Sendable {
    let dateStyle: String
    init(dateStyle: String) { self.dateStyle = dateStyle }
}

private struct PaymentsAdapter { let decoder: HelperDecoder }
private struct StatementsAdapter { let decoder: HelperDecoder }
private struct ReportWriter { let decoder: HelperDecoder }
private struct ReportClock {}

private struct PaymentsModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(HelperDecoder.self, file: "PaymentsWiring/PaymentsModule.swift", line: 10).to { HelperDecoder(dateStyle: "iso8601") }
        binder.bind(PaymentsAdapter.self).to(factory: PaymentsAdapter.init)
        binder.expose(PaymentsAdapter.self)
    }
}

private struct StatementsModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(HelperDecoder.self, file: "StatementsWiring/StatementsModule.swift", line: 10).to { HelperDecoder(dateStyle: "seconds") }
        binder.bind(StatementsAdapter.self).to(factory: StatementsAdapter.init)
        binder.expose(StatementsAdapter.self)
    }
}

private struct Libraries {
    let payments: PaymentsAdapter
    let statements: StatementsAdapter
}

private struct TwoLibrariesRoot: RootComponent {
    typealias Root = Libraries
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: PaymentsModule.self)
        binder.include(module: StatementsModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Libraries>) -> BindingReceipt<Libraries> {
        bind.to(factory: Libraries.init)
    }
}

private struct ReportsModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(ReportWriter.self, file: "ReportsWiring/ReportsModule.swift", line: 7).to(factory: ReportWriter.init)
    }
}

private struct ReachingRoot: RootComponent {
    typealias Root = Libraries
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: PaymentsModule.self)
        binder.include(module: StatementsModule.self)
        binder.include(module: ReportsModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Libraries>) -> BindingReceipt<Libraries> {
        bind.to(factory: Libraries.init)
    }
}

private struct DecoderHelperModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(HelperDecoder.self, file: "TransportWiring/HelperModule.swift", line: 3).to { HelperDecoder(dateStyle: "transport") }
    }
}

private struct TransportModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: DecoderHelperModule.self)
    }
}

private struct OneLibraryReachingRoot: RootComponent {
    typealias Root = ReportWriter
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: TransportModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<ReportWriter>) -> BindingReceipt<ReportWriter> {
        bind.to(file: "App/Root.swift", line: 40) { (decoder: HelperDecoder, _: ReportClock) in ReportWriter(decoder: decoder) }
    }
}

private struct ExposingPaymentsModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(HelperDecoder.self).to { HelperDecoder(dateStyle: "iso8601") }
        binder.expose(HelperDecoder.self, file: "PaymentsWiring/PaymentsModule.swift", line: 12)
    }
}

private struct ExposingStatementsModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(HelperDecoder.self).to { HelperDecoder(dateStyle: "seconds") }
        binder.expose(HelperDecoder.self, file: "StatementsWiring/StatementsModule.swift", line: 12)
    }
}

private struct TwoExposuresRoot: RootComponent {
    typealias Root = HelperDecoder
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: ExposingPaymentsModule.self)
        binder.include(module: ExposingStatementsModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<HelperDecoder>) -> BindingReceipt<HelperDecoder> {
        bind.to { (decoder: HelperDecoder) in decoder }
    }
}

private enum BankAddress: Wiring.BindingTag { typealias Element = String }

private struct EmptyPrivateModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.expose(HelperDecoder.self, file: "EmptyWiring/EmptyModule.swift", line: 4)
    }
}

private struct MisusedExposeRoot: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: EmptyPrivateModule.self)
        binder.bind(String.self).tagged(with: BankAddress.self).to(value: "https://bank.example")
        binder.expose(tagged: BankAddress.self, file: "App/Root.swift", line: 60)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to(value: 1)
    }
}

private struct BankURLModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).tagged(with: BankAddress.self).to(value: "https://bank.example")
        binder.bind(String.self).to(value: "a private string")
        binder.expose(tagged: BankAddress.self)
    }
}

private struct TaggedExposureRoot: RootComponent {
    typealias Root = String
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: BankURLModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to { (url: TaggedProvider<BankAddress>) in url.get() }
    }
}

private struct InnerModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(HelperDecoder.self, file: "InnerWiring/InnerModule.swift", line: 5).to { HelperDecoder(dateStyle: "inner") }
        binder.expose(HelperDecoder.self)
    }
}

private struct OuterModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: InnerModule.self)
        binder.bind(ReportWriter.self).to(factory: ReportWriter.init)
        binder.expose(ReportWriter.self)
    }
}

private struct NestedRoot: RootComponent {
    typealias Root = ReportWriter
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: OuterModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<ReportWriter>) -> BindingReceipt<ReportWriter> {
        bind.to { (writer: ReportWriter) in writer }
    }
}

private struct NestedReachingRoot: RootComponent {
    typealias Root = HelperDecoder
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: OuterModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<HelperDecoder>) -> BindingReceipt<HelperDecoder> {
        bind.to(file: "App/Root.swift", line: 80) { (decoder: HelperDecoder) in decoder }
    }
}

private struct Session {
    let adapter: PaymentsAdapter
    let ownDecoder: HelperDecoder
}

private struct SessionDecoderModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(HelperDecoder.self).to { HelperDecoder(dateStyle: "session") }
        binder.bind(Session.self).to(factory: Session.init)
        binder.expose(Session.self)
    }
}

private struct SessionComponent: Component {
    typealias Root = Session
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: SessionDecoderModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Session>) -> BindingReceipt<Session> {
        bind.to { (session: Session) in session }
    }
}

private struct ParentApp {
    let sessions: ComponentFactory<SessionComponent>
}

private struct ParentRoot: RootComponent {
    typealias Root = ParentApp
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: PaymentsModule.self)
        binder.install(dependency: SessionComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<ParentApp>) -> BindingReceipt<ParentApp> {
        bind.to(factory: ParentApp.init)
    }
}

private struct SessionReport { let decoder: HelperDecoder }

private struct ReachingSession: Component {
    typealias Root = SessionReport
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<SessionReport>) -> BindingReceipt<SessionReport> {
        bind.to(file: "Session/SessionComponent.swift", line: 9, factory: SessionReport.init)
    }
}

private struct ReachingParentRoot: RootComponent {
    typealias Root = ComponentFactory<ReachingSession>
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: PaymentsModule.self)
        binder.install(dependency: ReachingSession.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (sessions: ComponentFactory<ReachingSession>) in sessions }
    }
}

private struct AsyncDecoderModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(HelperDecoder.self).to { () async throws in HelperDecoder(dateStyle: "loaded") }
        binder.bind(PaymentsAdapter.self).to(factory: PaymentsAdapter.init)
        binder.expose(PaymentsAdapter.self)
    }
}

private struct AsyncAdapterRoot: RootComponent {
    typealias Root = PaymentsAdapter
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: AsyncDecoderModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<PaymentsAdapter>) -> BindingReceipt<PaymentsAdapter> {
        bind.to { (adapter: PaymentsAdapter) in adapter }
    }
}

private struct DecoderUser { let decoder: HelperDecoder }

private struct FirstUserModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: DecoderHelperModule.self)
        binder.bind(DecoderUser.self).tagged(with: FirstUser.self).to(factory: DecoderUser.init)
        binder.expose(tagged: FirstUser.self)
    }
}

private struct SecondUserModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: DecoderHelperModule.self)
        binder.bind(DecoderUser.self).to(factory: DecoderUser.init)
        binder.expose(DecoderUser.self)
    }
}

private enum FirstUser: Wiring.BindingTag { typealias Element = DecoderUser }

private struct SharedHelperRoot: RootComponent {
    typealias Root = (DecoderUser, DecoderUser)
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: FirstUserModule.self)
        binder.include(module: SecondUserModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (first: TaggedProvider<FirstUser>, second: DecoderUser) in (first.get(), second) }
    }
}

private struct HelperDecoderFactory {}

private struct SimilarNameRoot: RootComponent {
    typealias Root = HelperDecoderFactory
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: PaymentsModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<HelperDecoderFactory>) -> BindingReceipt<HelperDecoderFactory> {
        bind.to(file: "App/Root.swift", line: 90) { (factory: HelperDecoderFactory) in factory }
    }
}

private struct DecoderRoot: RootComponent {
    typealias Root = HelperDecoder
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: PaymentsModule.self)
        binder.include(module: ReportsModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<HelperDecoder>) -> BindingReceipt<HelperDecoder> {
        bind.to { HelperDecoder(dateStyle: "root") }
    }
}

// MARK: - Golden cases (Tests/Fixtures/Diagnostics; ARCHITECTURE.md, "Golden diagnostics")

extension GoldenGraphs {
    /// From `PrivateModuleTests.aLibraryThatRequestsAnotherLibrarysHelperIsToldWhoKeepsItAndHowToExposeIt`.
    enum PrivateHelperRequestedByAnotherLibraryNamesItsKeepers: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(ReachingRoot.self) }
    }

    /// From `PrivateModuleTests.aRequestForAPrivateBindingIsReportedWithEveryOtherProblemAndNamesAHelperModulesPlace`.
    enum PrivateBindingIsReportedBesideAMissingOne: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(OneLibraryReachingRoot.self) }
    }
}
