import Foundation
import Testing
import Wiring

/// A shared factory that asks, through a `Provider`, for its own value stops the process with a
/// message. It does so too when the request comes from a thread that a stack checkpoint started
/// for the rest of a deep chain (see `DepthTests`), which waits for it: that request used to
/// wait for the value for ever.
struct DeepProviderCycleTests {
    @Test func aSharedFactoryThatAsksForItselfStopsTheProcessWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = try ComponentFactory.of(MirrorRoot.self).build()
        }
        #expect(Self.failureLine(result) == Self.message(for: "Mirror"))
    }

    @Test func aRequestFromACheckpointsThreadForTheChainBelowStopsTheProcessToo() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // A stack of 1 MB: the chain's first checkpoint moves the rest to a thread of its own.
            _ = try DepthTests.onThread(stackSize: 1 << 20) {
                try ComponentFactory.of(DeepMirrorRoot.self).build()
            }
        }
        #expect(Self.failureLine(result) == Self.message(for: DeepMirror.topName))
    }

    static func message(for binding: String) -> String {
        "Wiring: the shared \(binding) was requested again while its own factory was running. "
            + "A factory called a Provider (or a () -> T closure) of a binding that depends on it; "
            + "keep the provider and call it after construction instead."
    }

    /// The message of the process's failed precondition, without the runtime's prefix and
    /// location (`Wiring/OnceSlot.swift:77: Precondition failed: `, or `Fatal error: ` where a
    /// build leaves the location out).
    static func failureLine(_ result: ExitTest.Result?) -> String? {
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        for line in output.split(separator: "\n") {
            for prefix in ["Precondition failed: ", "Fatal error: "] {
                if let start = line.range(of: prefix)?.upperBound { return String(line[start...]) }
            }
        }
        return nil
    }
}

// MARK: - Fixtures

private final class Mirror: Sendable {
    init(itself: Provider<Mirror>) { _ = itself.get() }
}

private struct MirrorRoot: RootComponent {
    typealias Root = Mirror
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Mirror.self).sharedInScope().to(factory: Mirror.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Mirror>) -> BindingReceipt<Mirror> {
        bind.to { (mirror: Mirror) in mirror }
    }
}

private protocol MirrorLevel: Sendable {}

/// The bottom of the chain: asks for the chain's top, which is shared and takes it.
private struct MirrorGround: MirrorLevel {}

private struct MirrorAbove<Below: MirrorLevel>: MirrorLevel {}

/// The top of a chain of `levels` levels: `MirrorAbove<…<MirrorGround>>`.
private func mirrorTop(levels: Int) -> any MirrorLevel.Type {
    var level: any MirrorLevel.Type = MirrorGround.self
    for _ in 0..<levels { level = mirrorAbove(level) }
    return level
}

private func mirrorAbove<Below: MirrorLevel>(_: Below.Type) -> any MirrorLevel.Type {
    MirrorAbove<Below>.self
}

/// A chain of 300 bindings, `MirrorAbove<…<MirrorGround>>`, whose top is shared and whose bottom
/// asks for the top through a provider while it is made.
private enum DeepMirror {
    static let levels = 300

    static var top: any MirrorLevel.Type { mirrorTop(levels: levels) }

    static var topName: String { "\(top)" }

    static func bind(in binder: Binder<Singleton>) {
        bindGround(askingFor: top, in: binder)
        var level: any MirrorLevel.Type = MirrorGround.self
        for index in 0..<levels { level = bindAbove(level, shared: index == levels - 1, in: binder) }
    }

    private static func bindGround<Top: MirrorLevel>(askingFor _: Top.Type, in binder: Binder<Singleton>) {
        binder.bind(MirrorGround.self).to { (top: Provider<Top>) in
            _ = top.get()
            return MirrorGround()
        }
    }

    private static func bindAbove<Below: MirrorLevel>(_: Below.Type, shared: Bool, in binder: Binder<Singleton>) -> any MirrorLevel.Type {
        if shared {
            binder.bind(MirrorAbove<Below>.self).sharedInScope().to { (_: Below) in MirrorAbove<Below>() }
        } else {
            binder.bind(MirrorAbove<Below>.self).to { (_: Below) in MirrorAbove<Below>() }
        }
        return MirrorAbove<Below>.self
    }

    static func bindRoot<Top: MirrorLevel>(_: Top.Type, in bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to { (_: Top) in levels }
    }
}

private struct DeepMirrorRoot: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Singleton>) {
        DeepMirror.bind(in: binder)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bindRoot(DeepMirror.top, in: bind)
    }
    private static func bindRoot<Top: MirrorLevel>(_ top: Top.Type, in bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        DeepMirror.bindRoot(top, in: bind)
    }
}

// MARK: - An escape on a checkpoint's thread

final class Reflection: Sendable {}

/// A chain of 200 plain levels whose ground takes an `AsyncProvider<Reflection>`; the shared
/// async `Reflection` takes the chain's top, then awaits its own provider. Built on a small
/// stack, the chain's checkpoint moves the rest of it to a thread of its own, where the ground's
/// provider makes the instance escape.
private enum ReflectionChain {
    static let levels = 200

    static var top: any MirrorLevel.Type { mirrorTop(levels: levels) }

    static func bind(in binder: Binder<Singleton>) {
        binder.bind(MirrorGround.self).to { (_: AsyncProvider<Reflection>) in MirrorGround() }
        var level: any MirrorLevel.Type = MirrorGround.self
        for _ in 0..<levels { level = bindAbove(level, in: binder) }
        bindReflection(taking: top, in: binder)
    }

    private static func bindAbove<Below: MirrorLevel>(_: Below.Type, in binder: Binder<Singleton>) -> any MirrorLevel.Type {
        binder.bind(MirrorAbove<Below>.self).to { (_: Below) in MirrorAbove<Below>() }
        return MirrorAbove<Below>.self
    }

    private static func bindReflection<Top: MirrorLevel>(taking _: Top.Type, in binder: Binder<Singleton>) {
        binder.bind(Reflection.self, file: "App/Reflection.swift", line: 4).sharedInScope()
            .to { (_: Top, me: AsyncProvider<Reflection>) async throws in
                _ = try await me.get()
                return Reflection()
            }
    }
}

private struct ReflectionRoot: RootComponent {
    typealias Root = Reflection
    static func configure(binder: Binder<Singleton>) {
        ReflectionChain.bind(in: binder)
    }
    static func configureRoot(binder bind: ReceiptBinder<Reflection>) -> BindingReceipt<Reflection> {
        bind.to(file: "App/Root.swift", line: 50) { (reflection: Reflection) in reflection }
    }
}

extension DeepProviderCycleTests {
    /// The escape records the build's task even on the checkpoint's thread, so the factory's
    /// request for its own value throws instead of waiting for ever.
    @Test func anEscapeOnACheckpointsThreadStillTellsTheBuildsTask() async throws {
        let factory = try AsyncComponentFactory.of(ReflectionRoot.self)
        let executor = SmallStackExecutor(stackSize: 128 << 10)
        defer { executor.finish() }
        let error = try await #require(throws: ResolutionError.self) {
            try await withTaskExecutorPreference(executor) { try await factory.build(()) }
        }
        #expect(error.description == """
            The factory of Reflection at App/Reflection.swift:4 in ReflectionRoot threw: \
            Wiring: the shared Reflection was requested again while its own factory was running. \
            A factory awaited an AsyncProvider of a binding that depends on it; \
            keep the provider and call it after construction instead.
              required by Reflection, the root of ReflectionRoot at App/Root.swift:50
            """)
    }
}
