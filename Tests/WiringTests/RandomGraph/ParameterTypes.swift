import Wiring

/// A factory parameter type and how to record what it received.
protocol Parameter: SendableMetatype {
    associatedtype Value
    static func observe(_ value: Value) -> Observation
}

enum PlainParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: Node<M>) -> Observation { .now([value.made]) }
}

enum OptionalParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: Node<M>?) -> Observation { .now(value.map { [$0.made] } ?? []) }
}

enum ClosureParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: @escaping () -> Node<M>) -> Observation { .later { [value().made] } }
}

enum SendableClosureParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: @escaping @Sendable () -> Node<M>) -> Observation { .later { [value().made] } }
}

enum ProviderParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: Provider<Node<M>>) -> Observation { .later { [value.get().made] } }
}

enum LazyParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: Lazy<Node<M>>) -> Observation { .later { [value.get().made] } }
}

enum TaggedProviderParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: TaggedProvider<Label<M>>) -> Observation { .later { [value.get().made] } }
}

enum CollectionParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: [Node<M>]) -> Observation { .now(value.map(\.made)) }
}

enum CollectionProviderParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: Provider<[Node<M>]>) -> Observation { .later { value.get().map(\.made) } }
}

enum MapParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: [Int: Node<M>]) -> Observation { .entries(value.mapValues(\.made)) }
}

enum MapProviderParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: [Int: Provider<Node<M>>]) -> Observation {
        .entryProviders(value.mapValues { provider in { provider.get().made } })
    }
}

enum ProviderOfMapParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: Provider<[Int: Node<M>]>) -> Observation { .laterEntries { value.get().mapValues(\.made) } }
}

enum ProbesParameter: Parameter {
    static func observe(_ value: [Probe]) -> Observation { .probes(value) }
}

/// A parameter to declare: one of the graph's requests, or the root's probes.
enum ParameterSpec {
    case request(GeneratedGraph.Request)
    case probes
}

protocol ParameterVisitor {
    associatedtype Result
    func visit<P: Parameter>(_ parameter: P.Type) -> Result
}

/// Calls `visitor` with the parameter type of `spec`; never specialised (see `withMarker`).
@_semantics("optimize.sil.specialize.generic.never")
func withParameter<V: ParameterVisitor>(_ spec: ParameterSpec, _ visitor: V) -> V.Result {
    switch spec {
    case .probes:
        return visitor.visit(ProbesParameter.self)
    case let .request(request):
        return withMarker(request.node, RequestParameter(kind: request.kind, visitor: visitor))
    }
}

struct RequestParameter<V: ParameterVisitor>: MarkerVisitor {
    let kind: GeneratedGraph.Request.Kind
    let visitor: V

    func visit<M: NodeMarker>(_ marker: M.Type) -> V.Result {
        switch kind {
        case .plain: visitor.visit(PlainParameter<M>.self)
        case .optional: visitor.visit(OptionalParameter<M>.self)
        case .closure: visitor.visit(ClosureParameter<M>.self)
        case .sendableClosure: visitor.visit(SendableClosureParameter<M>.self)
        case .provider: visitor.visit(ProviderParameter<M>.self)
        case .lazy: visitor.visit(LazyParameter<M>.self)
        case .taggedProvider: visitor.visit(TaggedProviderParameter<M>.self)
        case .collection: visitor.visit(CollectionParameter<M>.self)
        case .collectionProvider: visitor.visit(CollectionProviderParameter<M>.self)
        case .map: visitor.visit(MapParameter<M>.self)
        case .mapProvider: visitor.visit(MapProviderParameter<M>.self)
        case .providerOfMap: visitor.visit(ProviderOfMapParameter<M>.self)
        }
    }
}
