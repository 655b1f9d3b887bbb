import Foundation
import Testing
import Wiring

/// Chain depth is a correctness limit, not a performance one: a chain of 10,000 bindings, each
/// taking the one below, is validated, resolved and released on a main-thread-sized stack, and
/// a chain of 50,000 on a stack of 1 MB, far too small to hold it.
struct DepthTests {
    /// The default stack of a process's main thread on Linux and macOS.
    static let mainThreadStackSize = 8 << 20

    @Test func aTenThousandDeepChainResolvesAndIsReleasedOnAMainThreadSizedStack() throws {
        let outcome = try Self.onThread(stackSize: Self.mainThreadStackSize) { () -> Int in
            // The factory and everything it linked are released when this closure returns.
            try ComponentFactory.of(DeepChainRoot.self).build()
        }
        #expect(outcome == DeepChainRoot.levels)
    }

    @Test func aFiftyThousandDeepChainResolvesAndIsReleasedOnAOneMegabyteStack() throws {
        let outcome = try Self.onThread(stackSize: 1 << 20) { () -> [Int] in
            let factory = try ComponentFactory.of(DeeperChainRoot.self)
            return [factory.build(), factory.build()]
        }
        #expect(outcome == [DeeperChainRoot.levels, DeeperChainRoot.levels])
    }

    /// A chain of throwing factories moves to a fresh stack as a plain one does: 200 levels on a
    /// stack of 128 KB. Before throwing factories had checkpoints, a debug build overflowed it.
    /// (Its nested type names grow with its depth, so 200 levels name types of 1,400 characters.)
    @Test func aChainOfThrowingFactoriesResolvesOnAStackTooSmallForIt() async throws {
        let factory = try AsyncComponentFactory.of(ThrowingChainRoot.self)
        let executor = SmallStackExecutor(stackSize: 128 << 10)
        defer { executor.finish() }
        let depth = try await withTaskExecutorPreference(executor) { try await factory.build(()) }
        #expect(depth == ThrowingChainRoot.levels)
    }

    /// Runs `body` on a thread of its own with the given stack size, and waits for it.
    static func onThread<T: Sendable>(stackSize: Int, _ body: @escaping @Sendable () throws -> T) throws -> T {
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<T, any Error>?
        let thread = Thread {
            result = Result { try body() }
            finished.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        finished.wait()
        return try result!.get()
    }
}

// MARK: - Fixtures

/// A level of the chain: `Above<Above<…<Ground>>>`, one distinct type per level. (Their names
/// nest 10,000 deep, so the test does not print them: that would test Swift's type printer.)
private protocol Level: Sendable {
    var depth: Int { get }
}

private struct Ground: Level {
    let depth = 0
}

private struct Above<Below: Level>: Level {
    let depth: Int
}

private struct DeepChainRoot: RootComponent {
    static let levels = 10_000
    typealias Root = Int

    static func configure(binder: Binder<Unscoped>) {
        DeepChain.bind(levels: levels, in: binder)
    }

    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        DeepChain.bindTop(levels: levels, in: bind)
    }
}

private struct DeeperChainRoot: RootComponent {
    static let levels = 50_000
    typealias Root = Int

    static func configure(binder: Binder<Unscoped>) {
        DeepChain.bind(levels: levels, in: binder)
    }

    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        DeepChain.bindTop(levels: levels, in: bind)
    }
}

/// A chain whose every level above the ground has a throwing factory: its resolution only
/// throws, and moves to a fresh stack as a plain one does.
private struct ThrowingChainRoot: RootComponent {
    static let levels = 200
    typealias Root = Int

    static func configure(binder: Binder<Unscoped>) {
        DeepChain.bind(levels: levels, in: binder, throwing: true)
    }

    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        DeepChain.bindTop(levels: levels, in: bind)
    }
}

/// Thrown by no level of the throwing chain: its levels only may throw.
private struct NegativeDepth: Error {}

/// Binds a chain `Ground`, `Above<Ground>`, … of the given depth; the root takes its top level.
private enum DeepChain {
    /// Binds every level of the chain.
    static func bind(levels: Int, in binder: Binder<Unscoped>, throwing: Bool = false) {
        binder.bind(Ground.self).to(factory: Ground.init)
        var level: any Level.Type = Ground.self
        for _ in 0..<levels { level = bindAbove(level, throwing: throwing, in: binder) }
    }

    /// Binds the root to the depth of the top level. Nested generic types are made iteratively.
    static func bindTop(levels: Int, in bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        var level: any Level.Type = Ground.self
        for _ in 0..<levels { level = above(level) }
        return bindTop(level, in: bind)
    }

    private static func above<Below: Level>(_ below: Below.Type) -> any Level.Type {
        Above<Below>.self
    }

    private static func bindAbove<Below: Level>(_ below: Below.Type, throwing: Bool, in binder: Binder<Unscoped>) -> any Level.Type {
        if throwing {
            binder.bind(Above<Below>.self).to(throwingFactory: { (below: Below) throws in
                guard below.depth >= 0 else { throw NegativeDepth() }
                return Above<Below>(depth: below.depth + 1)
            })
        } else {
            binder.bind(Above<Below>.self).to { (below: Below) in Above<Below>(depth: below.depth + 1) }
        }
        return Above<Below>.self
    }

    private static func bindTop<Top: Level>(_ top: Top.Type, in bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to { (top: Top) in top.depth }
    }
}
