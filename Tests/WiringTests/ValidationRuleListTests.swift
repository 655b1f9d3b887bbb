import Foundation
import Testing
@testable import Wiring

/// `GraphRules.all` is the one list of validation rules, and the order of its kinds is the order
/// of a component's diagnostics: these tests hold `Diagnostic.Kind` and the documentation of
/// ``ValidationError/diagnostics`` to it, so that a new kind or rule cannot go undocumented.
struct ValidationRuleListTests {
    static let validationErrorSource = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/Wiring/Diagnostics/ValidationError.swift")

    /// The kinds of the list's rules, in the list's order, a kind that several rules in a row
    /// report once.
    static var listedKinds: [Diagnostic.Kind] {
        GraphRules.all.map { $0.kind }.reduce(into: []) { kinds, kind in
            if kinds.last != kind { kinds.append(kind) }
        }
    }

    /// The kinds the doc comment of `ValidationError.diagnostics` numbers (`/// 1. `scope misuse` …`),
    /// in its order.
    static func documentedKinds() throws -> [String] {
        let source = try String(contentsOf: validationErrorSource, encoding: .utf8)
        return source.split(separator: "\n").compactMap { line in
            guard let match = line.wholeMatch(of: /\s*\/\/\/ \d+\. `([a-z ]+)` .*/) else { return nil }
            return String(match.1)
        }
    }

    @Test func everyKindIsReportedByARuleOfTheList() {
        let reported = Set(GraphRules.all.map { $0.kind })
        #expect(Diagnostic.Kind.allKinds.filter { !reported.contains($0) }.map(\.description) == [])
    }

    @Test func theRulesOfOneKindAreNeighboursInTheList() {
        // Otherwise the documented order, kind by kind, would not be the order of the output.
        #expect(Set(Self.listedKinds).count == Self.listedKinds.count, "\(Self.listedKinds)")
    }

    @Test func theValidationErrorDocumentsEveryKindInTheListsOrder() throws {
        #expect(try Self.documentedKinds() == Self.listedKinds.map(\.description))
    }
}
