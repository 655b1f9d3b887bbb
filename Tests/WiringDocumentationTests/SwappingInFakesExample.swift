// The examples of the article SwappingInFakes, as the article shows them: its blocks, in order,
// as one file.

import Testing
import Wiring
import WiringTesting

final class FakeClock: DepositClock {
    let fixed: String

    init(fixed: String = "2026-01-01") {
        self.fixed = fixed
    }

    func today() -> String { fixed }
}

struct FakeClockModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any DepositClock).self).to { FakeClock() as any DepositClock }
    }
}

protocol DepositClock: Sendable {
    func today() -> String
}

struct SystemClock: DepositClock {
    func today() -> String { "today" }
}

struct ClockModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any DepositClock).self).to { SystemClock() as any DepositClock }
    }
}

struct StampingComponent: RootComponent {
    typealias Root = String

    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: FakeClockModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to { (clock: any DepositClock) in "stamped \(clock.today())" }
    }
}

@Test func aReplacementSwapsOneBindingForOneTest() throws {
    let factory = try ComponentFactory.of(StampingComponent.self, replacing: { binder in
        binder.bind((any DepositClock).self).to { FakeClock(fixed: "2030-12-31") as any DepositClock }
    })
    #expect(factory.build() == "stamped 2030-12-31")
    #expect(factory.graph.bindings(of: (any DepositClock).self).map(\.isOverride) == [true])
}

@Test func theSystemClockIsNotInTheDevelopmentGraph() throws {
    let factory = try ComponentFactory.of(StampingComponent.self)
    expectNoBinding(SystemClock.self, in: factory)
}

struct ReceiptStamp: Sendable {
    let text: String
}

final class StampPad: Sendable {}

struct StampSheet: Sendable {
    let stamps: [ReceiptStamp]
    let pad: StampPad
    let samePad: StampPad
}

struct StampSheetComponent: RootComponent {
    typealias Root = StampSheet

    static func configure(binder: Binder<Singleton>) {
        binder.bind(ReceiptStamp.self).intoCollection().to(value: ReceiptStamp(text: "paid"))
        binder.bind(ReceiptStamp.self).intoCollection().to(value: ReceiptStamp(text: "void"))
        binder.bind(StampPad.self).sharedInScope().to { StampPad() }
    }

    static func configureRoot(binder bind: ReceiptBinder<StampSheet>) -> BindingReceipt<StampSheet> {
        bind.to(factory: StampSheet.init)
    }
}

@Test func aReplacementReplacesTheWholeCollectionAndKeepsNoOption() throws {
    let factory = try ComponentFactory.of(StampSheetComponent.self, replacing: { binder in
        binder.bind(ReceiptStamp.self).intoCollection().to(value: ReceiptStamp(text: "test"))
        binder.bind(StampPad.self).sharedInScope().to { StampPad() }
    })
    let sheet = factory.build()
    #expect(sheet.stamps.map(\.text) == ["test"])
    #expect(sheet.pad === sheet.samePad)
}

