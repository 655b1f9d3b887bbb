import Testing
import Wiring

/// A binding whose factory takes its own type: the smallest cycle, one entry that requests
/// itself. Tarjan's search finds it as a component of one entry, which is a cycle only because of
/// its edge to itself, so `DependencyOrder` checks that edge apart; without that check the graph
/// is accepted and linking it never ends. Through a `Provider` the same loop is legal.
struct SelfDependencyTests {
    @Test func aBindingThatNeedsItselfIsACycleOfOneStep() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(SelfNeedingRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.dependencyCycle])
        #expect(error.diagnostics.map(\.description) == [SelfDependencyTests.expectedCycle])
    }

    @Test func aBindingThatTakesAProviderOfItselfIsLegal() throws {
        let root = try ComponentFactory.of(SelfProvidingRoot.self).build()
        #expect(root.depth == 0)
        #expect(root.next.get().depth == 0)
    }

    static let expectedCycle = """
        Loops/LoopModule.swift:4: error: Dependency cycle: Looper -> Looper.
          Looper is required by Looper at Loops/LoopModule.swift:4
          To fix this, break the cycle: let one of these factories take Provider<T> (or () -> T) instead of T and call get() after construction.
        """
}

private struct Looper: Sendable {
    init(looper: Looper) {}
}

private struct SelfNeedingRoot: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Looper.self, file: "Loops/LoopModule.swift", line: 4).to(factory: Looper.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to(file: "Loops/LoopRoot.swift", line: 9) { (_: Looper) in 0 }
    }
}

private struct Chain: Sendable {
    let depth = 0
    let next: Provider<Chain>
}

private struct SelfProvidingRoot: RootComponent {
    typealias Root = Chain
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Chain.self).to(factory: Chain.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Chain>) -> BindingReceipt<Chain> {
        bind.to { (chain: Chain) in chain }
    }
}
