import Testing
import WiringCleanse

/// Cleanse's own property-injection test (CleanseTests/PropertyInjectionTests.swift), as it was
/// written, with `import WiringCleanse`: injectors given as closures whose parameter types only
/// their bodies tell (`$0.injectProperties(superInjector: $1, b: $2, crazyStruct: $3)`), a
/// superclass's injector taken by a subclass's, and a root that injects its own properties.
struct CleansePropertyInjectionTests {
    typealias Fixtures = CleansePropertyInjection

    @Test func propertiesAreInjectedAsWithCleanse() throws {
        let holder = Fixtures.InjectedHolder()
        try ComponentFactory.of(Fixtures.PropertyInjectionComponent.self)
            .build(())
            .injectProperties(into: holder)

        let a = Fixtures.AClass()
        let b = Fixtures.BClass()
        let c = Fixtures.CClass()
        holder.propAInjector.injectProperties(into: a)
        holder.propBInjector.injectProperties(into: b)
        holder.propCInjector.injectProperties(into: c)

        #expect(a.a == "AAAAA")
        #expect(b.a == "AAAAA")
        #expect(c.a == "I overrode you")
        #expect(b.b == "BBBB")
        #expect(c.b == "BBBB")
        #expect(b.crazyStruct?.contents == "Fun contents")
        #expect(c.c?.get() == "CCCCC")
    }
}
