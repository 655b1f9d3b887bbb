import Testing
import Wiring
import WiringTesting

/// Runs the examples of "Swapping in fakes"; the article's own tests are in SwappingInFakesExample.swift.
struct SwappingInFakesTests {
    @Test func theFakeModuleSwapsTheLayer() throws {
        let factory = try ComponentFactory.of(StampingComponent.self)
        #expect(factory.build() == "stamped 2026-01-01")
    }

    @Test func theRealModuleBindsTheRealClock() throws {
        let factory = try ComponentFactory.of(StampingComponent.self, replacing: { binder in
            binder.bind((any DepositClock).self).to { SystemClock() as any DepositClock }
        })
        #expect(factory.build() == "stamped today")
        _ = ClockModule.self
    }
}
