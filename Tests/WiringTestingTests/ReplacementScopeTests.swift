import Testing
import Wiring
import WiringTesting

/// What a replacement replaces: every declaration of its key (for a collection, every
/// contribution of every module), with a binding of its own that keeps none of the replaced
/// binding's options.
struct ReplacementScopeTests {
    /// A contribution in the replacements replaces the whole collection: the component's
    /// contributions are all dropped.
    @Test func aContributionReplacesEveryContributionOfTheCollection() throws {
        let factory = try ComponentFactory.of(StampedRoot.self, replacing: { binder in
            binder.bind(Stamp.self).intoCollection().to(value: Stamp(text: "test"))
        })
        #expect(factory.build().stamps.map(\.text) == ["test"])
    }

    /// The replacements' contributions, together, are the collection.
    @Test func theReplacementsContributionsAreTheWholeCollection() throws {
        let factory = try ComponentFactory.of(StampedRoot.self, replacing: { binder in
            binder.bind(Stamp.self).intoCollection().to(value: Stamp(text: "first"))
            binder.bind(Stamp.self).intoCollection().to(value: Stamp(text: "second"))
        })
        #expect(factory.build().stamps.map(\.text) == ["first", "second"])
    }

    /// A replacement of a `sharedInScope()` binding is not shared unless it says so: each
    /// request gets a new value.
    @Test func aReplacementOfASharedBindingIsNotShared() throws {
        let factory = try ComponentFactory.of(StampedRoot.self, replacing: { binder in
            binder.bind(Ink.self).to { Ink() }
        })
        let root = factory.build()
        #expect(root.ink !== root.sameInk)
    }

    /// A replacement that calls `sharedInScope()` is shared as the replaced binding was.
    @Test func aSharedReplacementIsShared() throws {
        let factory = try ComponentFactory.of(StampedRoot.self, replacing: { binder in
            binder.bind(Ink.self).sharedInScope().to { Ink() }
        })
        let root = factory.build()
        #expect(root.ink === root.sameInk)
    }
}

// MARK: - Fixtures

struct Stamp: Sendable { let text: String }
final class Ink: Sendable {}

struct Stamped: Sendable {
    let stamps: [Stamp]
    let ink: Ink
    let sameInk: Ink
}

private struct StampedRoot: RootComponent {
    typealias Root = Stamped
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Stamp.self).intoCollection().to(value: Stamp(text: "paid"))
        binder.bind(Stamp.self).intoCollection().to(value: Stamp(text: "void"))
        binder.bind(Ink.self).sharedInScope().to { Ink() }
    }
    static func configureRoot(binder bind: ReceiptBinder<Stamped>) -> BindingReceipt<Stamped> {
        bind.to(factory: Stamped.init)
    }
}
