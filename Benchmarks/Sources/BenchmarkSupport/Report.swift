internal import Foundation

/// Everything one run measured: rows for the table, the targets checked, and the machine.
///
/// Scenarios add rows as they finish; `Scripts/bench` prints the table and, with `--json`,
/// writes ``Report`` as JSON.
public final class Report: Codable {
    /// One line of the results table.
    public struct Row: Codable, Sendable {
        /// The scenario's number and name: `1. ATM graph`.
        public let scenario: String
        /// What was measured and by whom: `build: Wiring`.
        public let name: String
        /// The median (or the single reading); nil for a row that only has a note.
        public let value: Double?
        /// The unit of `value`, `min` and `max`: `ns/op`, `ms`, `B/binding`, `deposits/s`.
        public let unit: String
        /// The fastest and slowest rounds, when there were rounds.
        public let min: Double?
        public let max: Double?
        /// Ratios and remarks: `1.12× hand-written`.
        public let note: String

        /// Creates a row.
        public init(scenario: String, name: String, value: Double, unit: String, min: Double? = nil, max: Double? = nil, note: String = "") {
            self.scenario = scenario
            self.name = name
            self.value = value.isNaN ? nil : value
            self.unit = unit
            self.min = min
            self.max = max
            self.note = note
        }
    }

    /// One target of the issues, checked against a measurement.
    public struct Target: Codable, Sendable {
        /// The target as the issue states it: `ATM build ≤ 1.25× hand-written`.
        public let goal: String
        /// What was measured: `1.12×`.
        public let measured: String
        /// Whether the measurement meets the goal.
        public let isMet: Bool
    }

    /// The machine, toolchain and date of the run.
    public struct Environment: Codable, Sendable {
        public var cpu: String
        public var cores: Int
        public var toolchain: String
        public var date: String
        public var mode: String
    }

    public var environment: Environment
    public private(set) var rows: [Row] = []
    public private(set) var targets: [Target] = []

    /// Creates an empty report.
    public init(environment: Environment) {
        self.environment = environment
    }

    /// Adds a row and prints it at once, so a long run shows progress.
    public func add(_ row: Row) {
        rows.append(row)
        print("  \(row.name): \(Self.format(row.value)) \(row.unit)\(row.note.isEmpty ? "" : "  (\(row.note))")")
    }

    /// Adds a row for a timing: its median, min and max in `unit`, converted from ns/op by `scale`.
    public func add(scenario: String, name: String, timing: Timing, unit: String = "ns/op", scale: Double = 1, note: String = "") {
        add(Row(scenario: scenario, name: name, value: timing.median * scale, unit: unit, min: timing.min * scale, max: timing.max * scale, note: note))
    }

    /// Adds a row for a throughput timing: operations per second (median, slowest and fastest round).
    public func addThroughput(scenario: String, name: String, timing: Timing, unit: String, note: String = "") {
        add(Row(scenario: scenario, name: name, value: 1e9 / timing.median, unit: unit, min: 1e9 / timing.max, max: 1e9 / timing.min, note: note))
    }

    /// Records whether a target is met.
    public func check(_ goal: String, measured: String, isMet: Bool) {
        targets.append(Target(goal: goal, measured: measured, isMet: isMet))
        print("  target \(isMet ? "met" : "MISSED"): \(goal): \(measured)")
    }

    // MARK: - Output

    /// The results as a Markdown table, one row per measurement.
    public func markdownTable() -> String {
        var lines = [
            "| Scenario | Measurement | Median | Min … max | Notes |",
            "| --- | --- | ---: | ---: | --- |",
        ]
        var previousScenario = ""
        for row in rows {
            let scenario = row.scenario == previousScenario ? "" : row.scenario
            previousScenario = row.scenario
            let spread = row.min.map { min in "\(Self.format(min)) … \(Self.format(row.max ?? min))" } ?? ""
            lines.append("| \(scenario) | \(row.name) | \(Self.format(row.value)) \(row.unit) | \(spread) | \(row.note) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The targets as a Markdown table.
    public func markdownTargets() -> String {
        var lines = ["| Target | Measured | Met |", "| --- | --- | --- |"]
        for target in targets {
            lines.append("| \(target.goal) | \(target.measured) | \(target.isMet ? "yes" : "**no**") |")
        }
        return lines.joined(separator: "\n")
    }

    /// Writes the report as JSON.
    public func writeJSON(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path))
    }

    /// A number with about three significant digits and thousands separators: `1,234`, `12.3`, `0.512`.
    public static func format(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "—" }
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
        let text = String(format: "%.\(decimals)f", magnitude)
        let integerEnd = text.firstIndex(of: ".") ?? text.endIndex
        var grouped = ""
        for (offset, digit) in text[..<integerEnd].enumerated() {
            let remaining = text.distance(from: text.startIndex, to: integerEnd) - offset
            if offset > 0, remaining % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped + text[integerEnd...]
    }

    /// A ratio: `1.12×`.
    public static func ratio(_ value: Double) -> String {
        "\(format(value))×"
    }
}
