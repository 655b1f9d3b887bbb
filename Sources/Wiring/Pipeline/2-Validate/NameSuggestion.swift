/// Finds the bound name a misspelt or half-remembered type name most likely meant.
enum NameSuggestion {
    // Cold: suggests names in the message of a missing binding only. `@_optimize(none)` here and
    // below keeps the optimiser off it (Benchmarks/README.md, "Cold code, not optimised").
    /// The index of the closest name, or nil when none is close enough.
    ///
    /// A name is close when one contains the other (`NetworkExecutor` and `BankNetworkExecutor`)
    /// or when few edits separate them (`BilScanner` and `BillScanner`): at most
    /// `max(2, letters / 3)` of the wanted name, and fewer than half the letters of the longer
    /// name, so that a short name matches only a near-identical one (`Kat` and `Cat`, not `Ab`
    /// and `Tx`, nor `M1` and `M2`).
    @_optimize(none)
    static func closest(to target: String, among names: [String]) -> Int? {
        let target = TypeName.bare(target)
        let wanted = Array(target.lowercased())
        var best: (index: Int, distance: Int)?
        for (index, fullName) in names.enumerated() {
            let name = TypeName.bare(fullName)
            guard name != target else { continue }
            let candidate = Array(name.lowercased())
            let distance: Int
            if wanted.count >= 4, candidate.count >= 4,
               name.lowercased().contains(target.lowercased()) || target.lowercased().contains(name.lowercased()) {
                distance = abs(candidate.count - wanted.count)
            } else {
                distance = editDistance(wanted, candidate)
                guard distance <= max(2, wanted.count / 3), distance * 2 < max(wanted.count, candidate.count) else { continue }
            }
            if let current = best, current.distance <= distance { continue }
            best = (index, distance)
        }
        return best?.index
    }

    /// The Levenshtein distance between two strings.
    @_optimize(none)
    static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
        if lhs.isEmpty { return rhs.count }
        if rhs.isEmpty { return lhs.count }
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for i in 1...lhs.count {
            current[0] = i
            for j in 1...rhs.count {
                let substitution = previous[j - 1] + (lhs[i - 1] == rhs[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[rhs.count]
    }
}
