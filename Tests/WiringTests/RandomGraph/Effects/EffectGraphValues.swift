import Wiring

/// Asks again, `depth` levels down, for everything a value's factory received later: gets each
/// provider, calls each closure, builds each subcomponent, and so on down.
typealias EffectExercise = @Sendable (_ depth: Int) async throws -> Void

/// What a declaration's factory made: its line, and how to use each of its parameters.
final class EffectMade: Sendable {
    let line: Int
    let exercises: [EffectExercise]

    init(line: Int, exercises: [EffectExercise]) {
        self.line = line
        self.exercises = exercises
    }

    func exercise(_ depth: Int) async throws {
        guard depth > 0 else { return }
        for exercise in exercises {
            try await exercise(depth - 1)
        }
    }
}

/// The value of every key of node `M`.
struct EffectNode<M: NodeMarker>: Sendable {
    let made: EffectMade
}

/// The root of `EffectParent`.
struct EffectParentValue: Sendable {
    let made: EffectMade
}

/// The root of `EffectSub`.
struct EffectSubValue: Sendable {
    let made: EffectMade
}

/// A factory parameter type of an effect graph, and how to use what it received.
protocol EffectParameter: SendableMetatype {
    associatedtype Value: Sendable
    static func exercise(_ value: Value) -> EffectExercise
}

enum PlainEffectParameter<M: NodeMarker>: EffectParameter {
    static func exercise(_ value: EffectNode<M>) -> EffectExercise { { try await value.made.exercise($0) } }
}

enum OptionalEffectParameter<M: NodeMarker>: EffectParameter {
    static func exercise(_ value: EffectNode<M>?) -> EffectExercise { { try await value?.made.exercise($0) } }
}

enum ClosureEffectParameter<M: NodeMarker>: EffectParameter {
    static func exercise(_ value: @escaping @Sendable () -> EffectNode<M>) -> EffectExercise { { try await value().made.exercise($0) } }
}

enum ProviderEffectParameter<M: NodeMarker>: EffectParameter {
    static func exercise(_ value: Provider<EffectNode<M>>) -> EffectExercise { { try await value.get().made.exercise($0) } }
}

enum LazyEffectParameter<M: NodeMarker>: EffectParameter {
    static func exercise(_ value: Lazy<EffectNode<M>>) -> EffectExercise { { try await value.get().made.exercise($0) } }
}

enum AsyncProviderEffectParameter<M: NodeMarker>: EffectParameter {
    static func exercise(_ value: AsyncProvider<EffectNode<M>>) -> EffectExercise { { try await value.get().made.exercise($0) } }
}

enum MainActorProviderEffectParameter<M: NodeMarker>: EffectParameter {
    static func exercise(_ value: MainActorProvider<EffectNode<M>>) -> EffectExercise {
        { depth in try await MainActor.run { try value.get() }.made.exercise(depth) }
    }
}

enum CollectionEffectParameter<M: NodeMarker>: EffectParameter {
    static func exercise(_ value: [EffectNode<M>]) -> EffectExercise {
        { depth in for node in value { try await node.made.exercise(depth) } }
    }
}

enum MapEffectParameter<M: NodeMarker>: EffectParameter {
    static func exercise(_ value: [Int: EffectNode<M>]) -> EffectExercise {
        { depth in for node in value.values { try await node.made.exercise(depth) } }
    }
}

enum MapProvidersEffectParameter<M: NodeMarker>: EffectParameter {
    static func exercise(_ value: [Int: Provider<EffectNode<M>>]) -> EffectExercise {
        { depth in for provider in value.values { try await provider.get().made.exercise(depth) } }
    }
}

enum AsyncMapProvidersEffectParameter<M: NodeMarker>: EffectParameter {
    static func exercise(_ value: [Int: AsyncProvider<EffectNode<M>>]) -> EffectExercise {
        { depth in for provider in value.values { try await provider.get().made.exercise(depth) } }
    }
}

enum MainActorMapProvidersEffectParameter<M: NodeMarker>: EffectParameter {
    static func exercise(_ value: [Int: MainActorProvider<EffectNode<M>>]) -> EffectExercise {
        { depth in
            for provider in value.values {
                try await MainActor.run { try provider.get() }.made.exercise(depth)
            }
        }
    }
}

enum FactoryEffectParameter: EffectParameter {
    static func exercise(_ value: ComponentFactory<EffectSub>) -> EffectExercise { { try await value.build().made.exercise($0) } }
}

enum MainActorFactoryEffectParameter: EffectParameter {
    static func exercise(_ value: MainActorComponentFactory<EffectSub>) -> EffectExercise {
        { depth in try await MainActor.run { try value.build() }.made.exercise(depth) }
    }
}

enum AsyncFactoryEffectParameter: EffectParameter {
    static func exercise(_ value: AsyncComponentFactory<EffectSub>) -> EffectExercise { { try await value.build().made.exercise($0) } }
}

protocol EffectParameterVisitor {
    associatedtype Result
    func visit<P: EffectParameter>(_ parameter: P.Type) -> Result
}

/// Calls `visitor` with the parameter type of `request`.
@_semantics("optimize.sil.specialize.generic.never")
func withEffectParameter<V: EffectParameterVisitor>(_ request: EffectGraph.Request, _ visitor: V) -> V.Result {
    switch request.kind {
    case .factory: visitor.visit(FactoryEffectParameter.self)
    case .mainActorFactory: visitor.visit(MainActorFactoryEffectParameter.self)
    case .asyncFactory: visitor.visit(AsyncFactoryEffectParameter.self)
    default: withMarker(request.node, EffectRequestParameter(kind: request.kind, visitor: visitor))
    }
}

struct EffectRequestParameter<V: EffectParameterVisitor>: MarkerVisitor {
    let kind: EffectGraph.RequestKind
    let visitor: V

    func visit<M: NodeMarker>(_ marker: M.Type) -> V.Result {
        switch kind {
        case .plain: visitor.visit(PlainEffectParameter<M>.self)
        case .optional: visitor.visit(OptionalEffectParameter<M>.self)
        case .sendableClosure: visitor.visit(ClosureEffectParameter<M>.self)
        case .provider: visitor.visit(ProviderEffectParameter<M>.self)
        case .lazy: visitor.visit(LazyEffectParameter<M>.self)
        case .asyncProvider: visitor.visit(AsyncProviderEffectParameter<M>.self)
        case .mainActorProvider: visitor.visit(MainActorProviderEffectParameter<M>.self)
        case .collection: visitor.visit(CollectionEffectParameter<M>.self)
        case .map: visitor.visit(MapEffectParameter<M>.self)
        case .mapProviders: visitor.visit(MapProvidersEffectParameter<M>.self)
        case .asyncMapProviders: visitor.visit(AsyncMapProvidersEffectParameter<M>.self)
        case .mainActorMapProviders: visitor.visit(MainActorMapProvidersEffectParameter<M>.self)
        case .factory: visitor.visit(FactoryEffectParameter.self)
        case .mainActorFactory: visitor.visit(MainActorFactoryEffectParameter.self)
        case .asyncFactory: visitor.visit(AsyncFactoryEffectParameter.self)
        }
    }
}
