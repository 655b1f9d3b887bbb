import Testing
import Wiring
import WiringTesting

/// Compiles and runs the examples of "Swapping in fakes".
struct SwappingInFakesTests {
    @Test func theFakeModuleSwapsTheLayer() throws {
        let factory = try ComponentFactory.of(StampingComponent.self)
        #expect(factory.build() == "stamped 2026-01-01")
    }

    @Test func aReplacementSwapsOneBindingForOneTest() throws {
        let factory = try ComponentFactory.of(StampingComponent.self, replacing: { binder in
            binder.bind((any DepositClock).self).to { FakeClock(fixed: "2030-12-31") as any DepositClock }
        })
        #expect(factory.build() == "stamped 2030-12-31")
        #expect(factory.graph.bindings(of: (any DepositClock).self).map(\.isOverride) == [true])
        expectNoBinding(SystemClock.self, in: factory)
    }

    @Test func theRealModuleBindsTheRealClock() throws {
        let factory = try ComponentFactory.of(StampingComponent.self, replacing: { binder in
            binder.bind((any DepositClock).self).to { SystemClock() as any DepositClock }
        })
        #expect(factory.build() == "stamped today")
        _ = ClockModule.self
    }
}
