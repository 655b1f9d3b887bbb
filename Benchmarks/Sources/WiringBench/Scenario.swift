internal import BenchmarkSupport

/// One scenario of the benchmark: a name for `--only`, a title for the table, and its body.
struct Scenario: Sendable {
    /// The name `--only` takes: `atm`, `singleton`, `chain`.
    let key: String
    /// The title of its rows in the table: `1. ATM graph build`.
    let title: String
    /// Whether `--quick` runs it; otherwise only `--only` names it into a quick run.
    let runsInQuickMode: Bool
    /// Measures and adds rows and targets to the report.
    let run: @Sendable (ScenarioContext) throws -> Void

    init(key: String, title: String, runsInQuickMode: Bool = true, run: @escaping @Sendable (ScenarioContext) throws -> Void) {
        self.key = key
        self.title = title
        self.runsInQuickMode = runsInQuickMode
        self.run = run
    }
}

/// What every scenario receives.
struct ScenarioContext {
    /// Where rows and targets go.
    let report: Report
    /// A short run: fewer rounds, smaller counts; the numbers are rougher.
    let isQuick: Bool
    /// The benchmark package (for the compile-time scenario's builds).
    let packagePath: String
    /// The repository root (for the bank simulator).
    let repositoryPath: String
    /// The path of this executable (for scenarios that run it again in a child process).
    let executablePath: String
    /// The title of the scenario running.
    let title: String

    /// The interleaving plan for nanosecond-scale operations.
    var fastPlan: Interleaved {
        Interleaved(rounds: isQuick ? 7 : 21, minimumBatch: .milliseconds(isQuick ? 10 : 20))
    }

    /// Adds a timing row to this scenario's rows.
    func add(_ name: String, _ timing: Timing, unit: String = "ns/op", scale: Double = 1, note: String = "") {
        report.add(scenario: title, name: name, timing: timing, unit: unit, scale: scale, note: note)
    }

    /// Adds a row with a single reading.
    func add(_ name: String, value: Double, unit: String, note: String = "") {
        report.add(Report.Row(scenario: title, name: name, value: value, unit: unit, note: note))
    }
}

/// `a / b` as the table prints it: `1.12× hand-written`.
func ratioNote(_ numerator: Timing, over denominator: Timing, _ label: String) -> String {
    "\(Report.ratio(numerator.median / denominator.median)) \(label)"
}
