import Foundation
import Wiring

/// Compares the diagnostics of a `ValidationError` with the reference checker's verdict.
enum DiagnosticComparison {
    static func problems(_ error: ValidationError, _ verdict: ReferenceGraphChecker.Verdict, _ reference: ReferenceGraphChecker) -> [String] {
        var problems: [String] = []
        var found = ReferenceGraphChecker.Verdict()
        var loops: [[GeneratedGraph.Key]] = []
        for diagnostic in error.diagnostics {
            let headline = String(diagnostic.message.prefix { $0 != "\n" })
            switch diagnostic.kind {
            case .missingBinding:
                if let key = key(in: headline, prefix: "Missing binding for ", suffix: ".")
                    ?? key(in: headline, prefix: "", suffix: " is bound as a single value, so it has no entries to give one provider each.") {
                    found.missing.insert(key)
                    continue
                }
            case .duplicateBinding:
                if let key = key(in: headline, prefix: "", suffix: " is bound more than once.") {
                    found.duplicates.insert(key)
                    continue
                }
                if let key = key(in: headline, prefix: "", suffix: " is bound both as a single value and as a collection."), key.kind == .collection {
                    found.mixed.insert(key)
                    continue
                }
                if let key = key(in: headline, prefix: "", suffix: " is bound both as a single value and as a map."), key.kind == .map {
                    found.mixed.insert(key)
                    continue
                }
            case .duplicateMapKey:
                if let entry = mapEntryKey(in: headline) {
                    found.duplicateMapKeys.insert(entry)
                    continue
                }
            case .dependencyCycle:
                if headline.hasPrefix("Dependency cycle: "), headline.hasSuffix(".") {
                    let names = headline.dropFirst("Dependency cycle: ".count).dropLast().components(separatedBy: " -> ")
                    let keys = names.compactMap { keysByName[$0] }
                    if keys.count == names.count, keys.count >= 2 {
                        loops.append(keys)
                        continue
                    }
                }
            default:
                break
            }
            problems.append("unexpected diagnostic (\(diagnostic.kind)): \(diagnostic.message)")
        }
        if found.missing != verdict.missing {
            problems.append("missing keys: Wiring reported \(sorted(found.missing)), the reference expects \(sorted(verdict.missing))")
        }
        if found.duplicates != verdict.duplicates {
            problems.append("duplicate keys: Wiring reported \(sorted(found.duplicates)), the reference expects \(sorted(verdict.duplicates))")
        }
        if found.mixed != verdict.mixed {
            problems.append("value-and-collection keys: Wiring reported \(sorted(found.mixed)), the reference expects \(sorted(verdict.mixed))")
        }
        if found.duplicateMapKeys != verdict.duplicateMapKeys {
            problems.append(
                "map keys with several entries: Wiring reported \(sorted(found.duplicateMapKeys)), the reference expects \(sorted(verdict.duplicateMapKeys))"
            )
        }
        problems += loopProblems(loops, verdict.cycles, reference)
        if error.diagnostics.count != verdict.diagnosticCount {
            problems.append("Wiring reported \(error.diagnostics.count) diagnostics, the reference expects \(verdict.diagnosticCount)")
        }
        return problems
    }

    /// Each reported loop must be a real loop of construction edges, each of its keys named once,
    /// all inside one of the expected groups; and each expected group reported exactly once.
    private static func loopProblems(_ loops: [[GeneratedGraph.Key]], _ cycles: [Set<GeneratedGraph.Key>], _ reference: ReferenceGraphChecker) -> [String] {
        var problems: [String] = []
        var reported = [Int](repeating: 0, count: cycles.count)
        for loop in loops {
            let name = loop.map(\.description).joined(separator: " -> ")
            let members = loop.dropLast()
            guard loop.first == loop.last, Set(members).count == members.count else {
                problems.append("the reported loop \(name) does not return to its start exactly once")
                continue
            }
            for (from, to) in zip(loop, loop.dropFirst()) where !reference.needs(from, to) {
                problems.append("the reported loop \(name) has a step \(from) -> \(to) that is not needed at construction")
            }
            guard let group = cycles.firstIndex(where: { $0.isSuperset(of: members) }) else {
                problems.append("the reported loop \(name) is inside none of the expected groups \(cycles.map { sorted($0) })")
                continue
            }
            reported[group] += 1
        }
        for (group, count) in zip(cycles, reported) where count != 1 {
            problems.append("the loop group \(sorted(group)) was reported \(count) times, expected once")
        }
        return problems
    }

    private static func key(in headline: String, prefix: String, suffix: String) -> GeneratedGraph.Key? {
        guard headline.hasPrefix(prefix), headline.hasSuffix(suffix) else { return nil }
        return keysByName[String(headline.dropFirst(prefix.count).dropLast(suffix.count))]
    }

    /// The map and key of `<map> has more than one entry under the key <key>.`, the key printed
    /// as code writes it (`2`).
    private static func mapEntryKey(in headline: String) -> GeneratedGraph.MapEntryKey? {
        let separator = " has more than one entry under the key "
        guard headline.hasSuffix("."), let range = headline.range(of: separator),
              let map = keysByName[String(headline[..<range.lowerBound])], map.kind == .map,
              let key = Int(headline[range.upperBound...].dropLast())
        else { return nil }
        return GeneratedGraph.MapEntryKey(map: map, key: key)
    }

    private static func sorted<Element: Comparable & CustomStringConvertible>(_ keys: Set<Element>) -> String {
        "[" + keys.sorted().map(\.description).joined(separator: ", ") + "]"
    }

    private static let keysByName: [String: GeneratedGraph.Key] = Dictionary(uniqueKeysWithValues:
        (0..<GraphGenerator.maximumNodeCount).flatMap { node in
            GeneratedGraph.Key.Kind.allCases.map { kind in
                let key = GeneratedGraph.Key(kind: kind, node: node)
                return (key.description, key)
            }
        }
    )
}
