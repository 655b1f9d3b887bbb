#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Renders a graph as pretty-printed JSON with sorted keys, following ``ObjectGraph``'s schema.
enum JSONGraphRenderer {
    // Cold: runs only when a graph is exported or rendered, never in `of`, `build` or a resolution.
    // `@_optimize(none)` here and below keeps the optimiser off it (Benchmarks/README.md, "Cold
    // code, not optimised").
    @_optimize(none)
    static func render(_ graph: ObjectGraph) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(graph), as: UTF8.self) + "\n"
        } catch {
            // Encoding plain strings, numbers and booleans cannot fail; say so if it ever does.
            return "{\"error\": \"the graph could not be encoded: \(error)\"}\n"
        }
    }
}
