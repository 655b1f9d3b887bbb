import Foundation
import Testing
import Wiring

/// Checks what the JSON schema table of "Inspecting the graph" (Wiring.docc/InspectingTheGraph.md)
/// says about effects and dependency kinds.
struct InspectingTheGraphEffectsTests {
    /// The third column of the schema table's row for `key`.
    static func meaning(of key: String) throws -> String {
        let article = try String(contentsOf: DocumentationExampleTests.catalog.appendingPathComponent("InspectingTheGraph.md"), encoding: .utf8)
        let row = try #require(article.split(separator: "\n").first { $0.hasPrefix("| `\(key)` |") }, "no row for \(key)")
        return String(row.split(separator: "|", omittingEmptySubsequences: false)[3])
    }

    @Test func theKindsOfDependencyInTheTableAreTheSchemasKinds() throws {
        // The list before the first `;`; its kinds are the backquoted words of letters that start
        // lowercase: `asyncProvider`, not `AsyncProvider<T>`.
        let list = try Self.meaning(of: "dependencies[].kind").split(separator: ";")[0]
        let words = list.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        let kinds = words.filter { $0.first?.isLowercase == true && $0.allSatisfy(\.isLetter) }
        #expect(kinds == [
            "instance", "optional", "provider", "function", "lazy", "weak", "asyncProvider", "mainActorProvider", "asyncComponentFactory",
            "mainActorComponentFactory",
        ])
        #expect(kinds.allSatisfy { ObjectGraph.Dependency.Kind(rawValue: $0) != nil })
    }

    @Test func effectsAreNamedInTheTablesOrderAndEmptyWhenThereAreNone() throws {
        let meaning = try Self.meaning(of: "bindings[].effects")
        #expect(meaning.contains("`mainActor` (isolated to the main actor), `async`, `throws`; `[]` when it has none"))
        let all = try JSONDecoder().decode([String].self, from: JSONEncoder().encode(Effects([.throwing, .async, .mainActor])))
        #expect(all == ["mainActor", "async", "throws"])
        let json = try AsyncComponentFactory.of(WalletComponent.self).graph.rendered(as: .json)
        let graph = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let bindings = try #require(graph?["bindings"] as? [[String: Any]])
        let effects = bindings.map { ($0["name"] as? String ?? "", $0["effects"] as? [String]) }
        #expect(effects.map(\.0) == ["Keychain", "PaymentsDatabase", "WalletViewModel"])
        #expect(effects.map(\.1) == [["throws"], ["async", "throws"], ["mainActor"]])
    }

    @Test func aDocumentWithoutEffectsDecodesAsNone() throws {
        let graph = try ComponentFactory.of(StatementComponent.self).graph
        var document = try JSONSerialization.jsonObject(with: JSONEncoder().encode(graph)) as? [String: Any] ?? [:]
        document["bindings"] = (document["bindings"] as? [[String: Any]])?.map { $0.filter { $0.key != "effects" } }
        let decoded = try JSONDecoder().decode(ObjectGraph.self, from: JSONSerialization.data(withJSONObject: document))
        #expect(decoded == graph)
        #expect(decoded.bindings.allSatisfy { $0.effects.isEmpty })
    }
}
