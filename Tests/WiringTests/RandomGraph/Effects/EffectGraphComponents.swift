import WiringCleanse  // code generic over BindToable, as written for Cleanse

/// The effect graph that `EffectParent` and `EffectSub` declare, for the `of` calls that run
/// inside `withValue`.
enum EffectScenario {
    @TaskLocal static var current: EffectGraph?
}

/// The parent component of an effect graph, which installs `EffectSub` when the graph has one.
struct EffectParent: RootComponent {
    typealias Root = EffectParentValue

    static func configure(binder: Binder<Singleton>) {
        guard let graph = EffectScenario.current else { return }
        for declaration in graph.declarations where declaration.place == .parent {
            declare(declaration, into: binder)
        }
        if graph.hasSub {
            binder.install(dependency: EffectSub.self)
        }
    }

    static func configureRoot(binder bind: ReceiptBinder<EffectParentValue>) -> BindingReceipt<EffectParentValue> {
        guard let root = EffectScenario.current?.parentRoot else { return bind.to { EffectParentValue(made: EffectMade(line: 0, exercises: [])) } }
        let line = root.line
        return finishEffect(bind, root.effect, line: line, root.requests) { EffectParentValue(made: EffectMade(line: line, exercises: $0)) }
    }
}

/// The subcomponent of an effect graph.
struct EffectSub: Component {
    typealias Root = EffectSubValue

    static func configure(binder: Binder<Unscoped>) {
        guard let graph = EffectScenario.current else { return }
        for declaration in graph.declarations where declaration.place == .sub {
            declare(declaration, into: binder)
        }
    }

    static func configureRoot(binder bind: ReceiptBinder<EffectSubValue>) -> BindingReceipt<EffectSubValue> {
        guard let root = EffectScenario.current?.subRoot else { return bind.to { EffectSubValue(made: EffectMade(line: 0, exercises: [])) } }
        let line = root.line
        return finishEffect(bind, root.effect, line: line, root.requests) { EffectSubValue(made: EffectMade(line: line, exercises: $0)) }
    }
}

/// Declares a binding, contribution or map entry of the graph in `binder`.
private func declare<S: _ScopeBase>(_ declaration: EffectGraph.Declaration, into binder: Binder<S>) {
    guard let key = declaration.key else { return }
    withMarker(key.node, EffectDeclarationBinder(binder: binder, declaration: declaration, key: key))
}

private struct EffectDeclarationBinder<S: _ScopeBase>: MarkerVisitor {
    let binder: Binder<S>
    let declaration: EffectGraph.Declaration
    let key: EffectGraph.Key

    func visit<M: NodeMarker>(_ marker: M.Type) {
        let line = declaration.line
        let make: @Sendable ([EffectExercise]) -> EffectNode<M> = { EffectNode(made: EffectMade(line: line, exercises: $0)) }
        let (effect, requests) = (declaration.effect, declaration.requests)
        // Only the parent shares, in its `Singleton` scope.
        let singleton = declaration.isShared ? binder as? Binder<Singleton> : nil
        switch key.kind {
        case .plain:
            if let singleton {
                finishEffect(singleton.bind(EffectNode<M>.self, file: "G.swift", line: line).sharedInScope(), effect, line: line, requests, make: make)
            } else {
                finishEffect(binder.bind(EffectNode<M>.self, file: "G.swift", line: line), effect, line: line, requests, make: make)
            }
        case .collection:
            if let singleton {
                let builder: SingularCollectionBindingBuilder<EffectNode<M>, Singleton> = singleton.bind(EffectNode<M>.self, file: "G.swift", line: line).intoCollection()
                finishEffect(builder.sharedInScope(), effect, line: line, requests, make: make)
            } else {
                let builder: SingularCollectionBindingBuilder<EffectNode<M>, S> = binder.bind(EffectNode<M>.self, file: "G.swift", line: line).intoCollection()
                finishEffect(builder, effect, line: line, requests, make: make)
            }
        case .map:
            let mapKey = declaration.mapKey ?? 0
            if let singleton {
                finishEffect(singleton.bind(EffectNode<M>.self, file: "G.swift", line: line).intoMap(key: mapKey).sharedInScope(), effect, line: line, requests, make: make)
            } else {
                finishEffect(binder.bind(EffectNode<M>.self, file: "G.swift", line: line).intoMap(key: mapKey), effect, line: line, requests, make: make)
            }
        }
    }
}

/// Finishes `builder` at `G.swift:<line>` with a factory that has `effect` and takes one
/// parameter per request (up to three).
@discardableResult
func finishEffect<B: BindToable>(
    _ builder: B, _ effect: EffectGraph.Effect, line: Int, _ requests: [EffectGraph.Request],
    make: @escaping @Sendable ([EffectExercise]) -> B.Input
) -> BindingReceipt<B.Input> {
    guard let first = requests.first else {
        switch effect {
        case .none: return builder.to(file: "G.swift", line: line) { () -> B.Input in make([]) }
        case .throwing: return builder.to(file: "G.swift", line: line) { () throws -> B.Input in make([]) }
        case .async: return builder.to(file: "G.swift", line: line) { () async -> B.Input in make([]) }
        case .mainActor: return builder.to(file: "G.swift", line: line) { @MainActor () -> B.Input in make([]) }
        }
    }
    return withEffectParameter(first, FirstEffectParameter(builder: builder, effect: effect, line: line, requests: requests, make: make))
}

private struct FirstEffectParameter<B: BindToable>: EffectParameterVisitor {
    let builder: B
    let effect: EffectGraph.Effect
    let line: Int
    let requests: [EffectGraph.Request]
    let make: @Sendable ([EffectExercise]) -> B.Input

    func visit<P1: EffectParameter>(_ parameter: P1.Type) -> BindingReceipt<B.Input> {
        guard requests.count > 1 else {
            switch effect {
            case .none: return builder.to(file: "G.swift", line: line) { [make] (p1: P1.Value) -> B.Input in make([P1.exercise(p1)]) }
            case .throwing: return builder.to(file: "G.swift", line: line) { [make] (p1: P1.Value) throws -> B.Input in make([P1.exercise(p1)]) }
            case .async: return builder.to(file: "G.swift", line: line) { [make] (p1: P1.Value) async -> B.Input in make([P1.exercise(p1)]) }
            case .mainActor: return builder.to(file: "G.swift", line: line) { @MainActor [make] (p1: P1.Value) -> B.Input in make([P1.exercise(p1)]) }
            }
        }
        return withEffectParameter(requests[1], SecondEffectParameter<B, P1>(first: self))
    }
}

private struct SecondEffectParameter<B: BindToable, P1: EffectParameter>: EffectParameterVisitor {
    let first: FirstEffectParameter<B>

    func visit<P2: EffectParameter>(_ parameter: P2.Type) -> BindingReceipt<B.Input> {
        let (builder, line, make) = (first.builder, first.line, first.make)
        guard first.requests.count > 2 else {
            switch first.effect {
            case .none:
                return builder.to(file: "G.swift", line: line) { [make] (p1: P1.Value, p2: P2.Value) -> B.Input in make([P1.exercise(p1), P2.exercise(p2)]) }
            case .throwing:
                return builder.to(file: "G.swift", line: line) { [make] (p1: P1.Value, p2: P2.Value) throws -> B.Input in make([P1.exercise(p1), P2.exercise(p2)]) }
            case .async:
                return builder.to(file: "G.swift", line: line) { [make] (p1: P1.Value, p2: P2.Value) async -> B.Input in make([P1.exercise(p1), P2.exercise(p2)]) }
            case .mainActor:
                return builder.to(file: "G.swift", line: line) { @MainActor [make] (p1: P1.Value, p2: P2.Value) -> B.Input in make([P1.exercise(p1), P2.exercise(p2)]) }
            }
        }
        return withEffectParameter(first.requests[2], ThirdEffectParameter<B, P1, P2>(first: first))
    }
}

private struct ThirdEffectParameter<B: BindToable, P1: EffectParameter, P2: EffectParameter>: EffectParameterVisitor {
    let first: FirstEffectParameter<B>

    func visit<P3: EffectParameter>(_ parameter: P3.Type) -> BindingReceipt<B.Input> {
        let (builder, line, make) = (first.builder, first.line, first.make)
        switch first.effect {
        case .none:
            return builder.to(file: "G.swift", line: line) { [make] (p1: P1.Value, p2: P2.Value, p3: P3.Value) -> B.Input in
                make([P1.exercise(p1), P2.exercise(p2), P3.exercise(p3)])
            }
        case .throwing:
            return builder.to(file: "G.swift", line: line) { [make] (p1: P1.Value, p2: P2.Value, p3: P3.Value) throws -> B.Input in
                make([P1.exercise(p1), P2.exercise(p2), P3.exercise(p3)])
            }
        case .async:
            return builder.to(file: "G.swift", line: line) { [make] (p1: P1.Value, p2: P2.Value, p3: P3.Value) async -> B.Input in
                make([P1.exercise(p1), P2.exercise(p2), P3.exercise(p3)])
            }
        case .mainActor:
            return builder.to(file: "G.swift", line: line) { @MainActor [make] (p1: P1.Value, p2: P2.Value, p3: P3.Value) -> B.Input in
                make([P1.exercise(p1), P2.exercise(p2), P3.exercise(p3)])
            }
        }
    }
}
