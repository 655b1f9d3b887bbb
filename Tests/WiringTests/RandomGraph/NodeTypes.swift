import Wiring

protocol NodeMarker: SendableMetatype {}
enum M0: NodeMarker {}
enum M1: NodeMarker {}
enum M2: NodeMarker {}
enum M3: NodeMarker {}
enum M4: NodeMarker {}
enum M5: NodeMarker {}

/// Calls `visitor` with the marker type of node `index`.
///
/// Never specialised, nor is `withParameter`: specialised, the two would make the optimiser of a
/// release build specialise the visitors for every combination of markers and parameters, which
/// ran out of memory at 10 GB.
@_semantics("optimize.sil.specialize.generic.never")
func withMarker<V: MarkerVisitor>(_ index: Int, _ visitor: V) -> V.Result {
    switch index {
    case 0: visitor.visit(M0.self)
    case 1: visitor.visit(M1.self)
    case 2: visitor.visit(M2.self)
    case 3: visitor.visit(M3.self)
    case 4: visitor.visit(M4.self)
    default: visitor.visit(M5.self)
    }
}

protocol MarkerVisitor {
    associatedtype Result
    func visit<M: NodeMarker>(_ marker: M.Type) -> Result
}

/// The value of every key: which declaration made it, which of its elements it is, and what its
/// factory's parameters received.
struct Node<M: NodeMarker> {
    let made: Made
}

enum Label<M: NodeMarker>: Wiring.BindingTag {
    typealias Element = Node<M>
}

final class Made {
    let key: GeneratedGraph.Key
    let declaration: Int
    let element: Int
    let observations: [Observation]

    init(key: GeneratedGraph.Key, declaration: Int, element: Int, observations: [Observation]) {
        self.key = key
        self.declaration = declaration
        self.element = element
        self.observations = observations
    }
}

/// What one factory parameter received: values now, or a way to get them later; for a map,
/// its values by key, or a way to get each.
enum Observation {
    case now([Made])
    case later(() -> [Made])
    case entries([Int: Made])
    case laterEntries(() -> [Int: Made])
    case entryProviders([Int: () -> Made])
    case probes([Probe])
}

/// A provider of one bound key, contributed to the `[Probe]` the root takes.
struct Probe {
    let request: GeneratedGraph.Request
    let observation: Observation
}

struct RandomRoot {
    let observations: [Observation]
}
