import Testing
import Wiring

/// Assisted injection: factories that take a value from their caller and the rest from the graph.
struct AssistedInjectionTests {
    @Test func aFactoryBuildsFromTheCallersSeedAndTheGraph() throws {
        let root = try ComponentFactory.of(AssistedRoot.self).build()
        let screen = root.screens.build("dep-1")
        #expect(screen.depositID == "dep-1")
        #expect(screen.printer.header == "ATM 42")
    }

    @Test func everyBuildCallsTheFactoryAgain() throws {
        let root = try ComponentFactory.of(AssistedRoot.self).build()
        #expect(root.screens.build("a") !== root.screens.build("a"))
    }

    @Test func theSeedMayComeLastAndBeATuple() throws {
        let root = try ComponentFactory.of(AssistedRoot.self).build()
        let slip = root.slips.build((45, "alice"))
        #expect(slip.text == "ATM 42: 45 for alice")
    }

    @Test func aFactoryWithoutASeedIsBuiltWithBuild() throws {
        let root = try ComponentFactory.of(AssistedRoot.self).build()
        #expect(root.plain.build().header == "ATM 42")
    }

    @Test func aFactoryWhoseOnlyParameterIsTheSeedNeedsNothingFromTheGraph() throws {
        let root = try ComponentFactory.of(AssistedRoot.self).build()
        #expect(root.echoes.build(7) == 14)
    }
}

// MARK: - Fixtures

private final class Printer: Sendable {
    let header: String
    init(header: String) { self.header = header }
}

private final class Screen: Sendable {
    let depositID: String
    let printer: Printer
    init(depositID: Assisted<String>, printer: Printer) {
        self.depositID = depositID.get()
        self.printer = printer
    }
}

private struct Slip { let text: String }

private struct ScreenFactory: AssistedFactory {
    typealias Seed = String
    typealias Element = Screen
}

private struct SlipFactory: AssistedFactory {
    typealias Seed = (amount: Int, account: String)
    typealias Element = Slip
}

/// The assisted factory of an `Int` from an `Int` seed; CleanseCompatibilityTests binds it too.
struct Doubler: AssistedFactory {
    typealias Seed = Int
    typealias Element = Int
}

private struct Assembled {
    let screens: Factory<ScreenFactory>
    let slips: Factory<SlipFactory>
    let plain: Factory<EmptySeed<Printer>>
    let echoes: Factory<Doubler>
}

private struct AssistedRoot: RootComponent {
    typealias Root = Assembled
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Printer.self).to { Printer(header: "ATM 42") }
        binder.bindFactory(Screen.self).with(ScreenFactory.self).to(factory: Screen.init)
        binder.bindFactory(Slip.self).with(SlipFactory.self).to { (printer: Printer, seed: Assisted<SlipFactory.Seed>) in
            Slip(text: "\(printer.header): \(seed.get().amount) for \(seed.get().account)")
        }
        binder.bindFactory(Printer.self).to { (_: Assisted<Void>, header: Provider<Printer>) in header.get() }
        binder.bindFactory(Int.self).with(Doubler.self).to { (seed: Assisted<Int>) in seed.get() * 2 }
    }
    static func configureRoot(binder bind: ReceiptBinder<Assembled>) -> BindingReceipt<Assembled> {
        bind.to(factory: Assembled.init)
    }
}

private struct MissingAssistedRoot: RootComponent {
    typealias Root = Factory<ScreenFactory>
    static func configure(binder: Binder<Unscoped>) {
        binder.bindFactory(Screen.self, file: "App/Screens.swift", line: 3).with(ScreenFactory.self).to(factory: Screen.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (screens: Factory<ScreenFactory>) in screens }
    }
}

// MARK: - Golden cases (Tests/Fixtures/Diagnostics; ARCHITECTURE.md, "Golden diagnostics")

extension GoldenGraphs {
    /// From `AssistedInjectionTests.aFactoryAsksForItsDependenciesAtValidation`.
    enum FactoryAsksForItsDependenciesAtValidation: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(MissingAssistedRoot.self) }
    }
}
