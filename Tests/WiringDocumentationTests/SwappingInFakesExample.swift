// The example of the article SwappingInFakes, as the article shows it.

import Wiring


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
