/// A line-by-line difference between an expected and an actual text, in the style of a unified
/// diff: `-` an expected line that is missing, `+` an actual line that was not expected, two
/// spaces a line both have. Lines are matched by their longest common subsequence, so one
/// changed line shows as one `-` and one `+`, not as the rest of the text.
enum GoldenDifference {
    static func of(expected: String, actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        // common[i][j]: the length of the longest common subsequence of old[i...] and new[j...].
        var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in old.indices.reversed() {
            for j in new.indices.reversed() {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var lines = ["--- expected", "+++ actual"]
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                lines.append("  \(old[i])")
                i += 1
                j += 1
            } else if i < old.count, j == new.count || common[i + 1][j] >= common[i][j + 1] {
                lines.append("- \(old[i])")
                i += 1
            } else {
                lines.append("+ \(new[j])")
                j += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}
