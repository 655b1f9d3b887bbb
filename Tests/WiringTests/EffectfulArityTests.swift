import Testing
import Wiring

// A plain factory whose parameter has effects is linked in the context that runs them: up to six
// parameters through a function of its arity each (`EffectfulLink.arity0` to `arity6`), more
// through one unspecialised pack (`EffectfulLink.pack`). Both must pass the parameters in order
// in every context, and report a parameter's error the same way.

@Suite(.tags(.concurrency))
struct EffectfulArityTests {
    @Test func aThrowingFirstParameterReachesFactoriesOfFiveSevenAndTwelveInOrder() async throws {
        #expect(try await AsyncComponentFactory.of(PartsRoot<FiveParts, ThrowingPart>.self).build().values == Array(1...5))
        #expect(try await AsyncComponentFactory.of(PartsRoot<SevenParts, ThrowingPart>.self).build().values == Array(1...7))
        #expect(try await AsyncComponentFactory.of(PartsRoot<TwelveParts, ThrowingPart>.self).build().values == Array(1...12))
    }

    @MainActor
    @Test func aMainActorFirstParameterReachesFactoriesOfFiveSevenAndTwelveInOrder() throws {
        #expect(try MainActorComponentFactory.of(PartsRoot<FiveParts, MainActorPart>.self).build().values == Array(1...5))
        #expect(try MainActorComponentFactory.of(PartsRoot<SevenParts, MainActorPart>.self).build().values == Array(1...7))
        #expect(try MainActorComponentFactory.of(PartsRoot<TwelveParts, MainActorPart>.self).build().values == Array(1...12))
    }

    @Test func anAsyncFirstParameterReachesFactoriesOfFiveSevenAndTwelveInOrder() async throws {
        #expect(try await AsyncComponentFactory.of(PartsRoot<FiveParts, AsyncPart>.self).build().values == Array(1...5))
        #expect(try await AsyncComponentFactory.of(PartsRoot<SevenParts, AsyncPart>.self).build().values == Array(1...7))
        #expect(try await AsyncComponentFactory.of(PartsRoot<TwelveParts, AsyncPart>.self).build().values == Array(1...12))
    }

    @Test func aFactoryOfTwelveParametersReportsAnAwaitedParametersErrorAsOneOfFiveDoes() async throws {
        let five = try AsyncComponentFactory.of(PartsRoot<FiveParts, FailingAsyncPart>.self)
        let fiveError = try await #require(throws: ResolutionError.self) { try await five.build() }
        #expect(fiveError.description == """
            The factory of Part1 at Parts/First.swift:4 in PartsRoot<FiveParts, FailingAsyncPart> threw: fixture error: no first part
              required by FiveParts, the root of PartsRoot<FiveParts, FailingAsyncPart> at Parts/Root.swift:9
            """)
        let twelve = try AsyncComponentFactory.of(PartsRoot<TwelveParts, FailingAsyncPart>.self)
        let twelveError = try await #require(throws: ResolutionError.self) { try await twelve.build() }
        #expect(twelveError.description == """
            The factory of Part1 at Parts/First.swift:4 in PartsRoot<TwelveParts, FailingAsyncPart> threw: fixture error: no first part
              required by TwelveParts, the root of PartsRoot<TwelveParts, FailingAsyncPart> at Parts/Root.swift:9
            """)
    }

    @Test func aFactoryOfTwelveParametersReportsAThrowingParametersErrorAsOneOfFiveDoes() async throws {
        let five = try AsyncComponentFactory.of(PartsRoot<FiveParts, FailingThrowingPart>.self)
        let fiveError = try await #require(throws: ResolutionError.self) { try await five.build() }
        #expect(fiveError.description == """
            The factory of Part1 at Parts/First.swift:5 in PartsRoot<FiveParts, FailingThrowingPart> threw: fixture error: no first part
              required by FiveParts, the root of PartsRoot<FiveParts, FailingThrowingPart> at Parts/Root.swift:9
            """)
        let twelve = try AsyncComponentFactory.of(PartsRoot<TwelveParts, FailingThrowingPart>.self)
        let twelveError = try await #require(throws: ResolutionError.self) { try await twelve.build() }
        #expect(twelveError.description == """
            The factory of Part1 at Parts/First.swift:5 in PartsRoot<TwelveParts, FailingThrowingPart> threw: fixture error: no first part
              required by TwelveParts, the root of PartsRoot<TwelveParts, FailingThrowingPart> at Parts/Root.swift:9
            """)
    }
}

// MARK: - Fixtures

private struct Part1: Sendable { let value = 1 }
private struct Part2: Sendable { let value = 2 }
private struct Part3: Sendable { let value = 3 }
private struct Part4: Sendable { let value = 4 }
private struct Part5: Sendable { let value = 5 }
private struct Part6: Sendable { let value = 6 }
private struct Part7: Sendable { let value = 7 }
private struct Part8: Sendable { let value = 8 }
private struct Part9: Sendable { let value = 9 }
private struct Part10: Sendable { let value = 10 }
private struct Part11: Sendable { let value = 11 }
private struct Part12: Sendable { let value = 12 }

/// Every part but the first, bound plainly.
private struct LaterParts: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Part2.self).to(factory: Part2.init)
        binder.bind(Part3.self).to(factory: Part3.init)
        binder.bind(Part4.self).to(factory: Part4.init)
        binder.bind(Part5.self).to(factory: Part5.init)
        binder.bind(Part6.self).to(factory: Part6.init)
        binder.bind(Part7.self).to(factory: Part7.init)
        binder.bind(Part8.self).to(factory: Part8.init)
        binder.bind(Part9.self).to(factory: Part9.init)
        binder.bind(Part10.self).to(factory: Part10.init)
        binder.bind(Part11.self).to(factory: Part11.init)
        binder.bind(Part12.self).to(factory: Part12.init)
    }
}

/// How the first part is bound: with the effect that makes the root's binding effectful.
private protocol FirstPart {
    static func bind(_ binder: Binder<Unscoped>)
}

private enum ThrowingPart: FirstPart {
    static func bind(_ binder: Binder<Unscoped>) {
        binder.bind(Part1.self, file: "Parts/First.swift", line: 1).to(throwingFactory: make)
    }
    static func make() throws(EffectFixtureError) -> Part1 { Part1() }
}

private enum MainActorPart: FirstPart {
    static func bind(_ binder: Binder<Unscoped>) {
        binder.bind(Part1.self, file: "Parts/First.swift", line: 2).to(mainActorFactory: make)
    }
    @MainActor static func make() -> Part1 { Part1() }
}

private enum AsyncPart: FirstPart {
    static func bind(_ binder: Binder<Unscoped>) {
        binder.bind(Part1.self, file: "Parts/First.swift", line: 3).to(asyncFactory: make)
    }
    static func make() async -> Part1 { Part1() }
}

private enum FailingAsyncPart: FirstPart {
    static func bind(_ binder: Binder<Unscoped>) {
        binder.bind(Part1.self, file: "Parts/First.swift", line: 4).to(asyncFactory: make)
    }
    static func make() async throws(EffectFixtureError) -> Part1 { throw EffectFixtureError(reason: "no first part") }
}

private enum FailingThrowingPart: FirstPart {
    static func bind(_ binder: Binder<Unscoped>) {
        binder.bind(Part1.self, file: "Parts/First.swift", line: 5).to(throwingFactory: make)
    }
    static func make() throws(EffectFixtureError) -> Part1 { throw EffectFixtureError(reason: "no first part") }
}

private protocol PartsMaking: Sendable {
    var values: [Int] { get }
    static func bindRoot(_ bind: ReceiptBinder<Self>) -> BindingReceipt<Self>
}

/// A root made by a plain factory of `R`'s arity over the parts, the first bound by `First`.
private struct PartsRoot<R: PartsMaking, First: FirstPart>: RootComponent {
    typealias Root = R
    static func configure(binder: Binder<Unscoped>) {
        First.bind(binder)
        binder.include(module: LaterParts.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<R>) -> BindingReceipt<R> {
        R.bindRoot(bind)
    }
}

private struct FiveParts: PartsMaking {
    let values: [Int]
    init(_ p1: Part1, _ p2: Part2, _ p3: Part3, _ p4: Part4, _ p5: Part5) {
        values = [p1.value, p2.value, p3.value, p4.value, p5.value]
    }
    static func bindRoot(_ bind: ReceiptBinder<FiveParts>) -> BindingReceipt<FiveParts> {
        bind.to(file: "Parts/Root.swift", line: 9, factory: FiveParts.init)
    }
}

private struct SevenParts: PartsMaking {
    let values: [Int]
    init(_ p1: Part1, _ p2: Part2, _ p3: Part3, _ p4: Part4, _ p5: Part5, _ p6: Part6, _ p7: Part7) {
        values = [p1.value, p2.value, p3.value, p4.value, p5.value, p6.value, p7.value]
    }
    static func bindRoot(_ bind: ReceiptBinder<SevenParts>) -> BindingReceipt<SevenParts> {
        bind.to(file: "Parts/Root.swift", line: 9, factory: SevenParts.init)
    }
}

private struct TwelveParts: PartsMaking {
    let values: [Int]
    init(
        _ p1: Part1, _ p2: Part2, _ p3: Part3, _ p4: Part4, _ p5: Part5, _ p6: Part6,
        _ p7: Part7, _ p8: Part8, _ p9: Part9, _ p10: Part10, _ p11: Part11, _ p12: Part12
    ) {
        values = [
            p1.value, p2.value, p3.value, p4.value, p5.value, p6.value,
            p7.value, p8.value, p9.value, p10.value, p11.value, p12.value,
        ]
    }
    static func bindRoot(_ bind: ReceiptBinder<TwelveParts>) -> BindingReceipt<TwelveParts> {
        bind.to(file: "Parts/Root.swift", line: 9, factory: TwelveParts.init)
    }
}
