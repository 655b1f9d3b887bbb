internal import BenchmarkSupport
internal import Foundation

// wiring-bench: every scenario of the benchmark in one run; `Scripts/bench` builds and runs it.
//
//   wiring-bench [--quick] [--only KEY[,KEY...]] [--json PATH] [--markdown PATH]
//                [--package-path PATH] [--repository PATH]
//   wiring-bench --list

let scenarios: [Scenario] = [
    atmGraphScenario,
    singletonHitScenario,
    deepChainScenario,
    wideFactoryScenario,
    providerScenario,
    startupAtScaleScenario,
    growthScenario,
    memoryScenario,
    concurrencyScenario,
    bankClientScenario,
    depthScenario,
    compileTimeScenario,
    memoryAtScaleScenario,
    asyncGraphScenario,
    mapScenario,
]

let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "--probe" {
    exit(Probe.run(Array(arguments.dropFirst())))
}

let options: BenchOptions
do {
    options = try BenchOptions(arguments: arguments, scenarioKeys: scenarios.map(\.key))
} catch {
    FileHandle.standardError.write(Data("wiring-bench: \(error)\n\(BenchOptions.usage)\n".utf8))
    exit(64)
}
if options.listOnly {
    for scenario in scenarios { print("\(scenario.key)\t\(scenario.title)") }
    exit(0)
}

let report = Report(environment: .current(mode: options.isQuick ? "quick" : "full"))
print("Wiring benchmarks (\(report.environment.mode)): \(report.environment.cpu), \(report.environment.cores) cores")
print("\(report.environment.toolchain); \(report.environment.date)")
var failed: [String] = []
for scenario in scenarios {
    let isSelected = options.only.isEmpty
        ? scenario.runsInQuickMode || !options.isQuick
        : options.only.contains(scenario.key)
    guard isSelected else {
        if options.only.isEmpty { print("\n\(scenario.title): skipped by --quick (run it with --only \(scenario.key))") }
        continue
    }
    print("\n\(scenario.title)")
    let context = ScenarioContext(
        report: report,
        isQuick: options.isQuick,
        packagePath: options.packagePath,
        repositoryPath: options.repositoryPath,
        executablePath: CommandLine.arguments[0],
        title: scenario.title
    )
    HeapUsage.settle()
    do {
        try scenario.run(context)
    } catch {
        print("  FAILED: \(error)")
        failed.append("\(scenario.key): \(error)")
    }
}

print("\n## Results\n")
print(report.markdownTable())
if !report.targets.isEmpty {
    print("\n## Targets\n")
    print(report.markdownTargets())
}
if let path = options.jsonPath {
    do {
        try report.writeJSON(to: path)
        print("\nwrote \(path)")
    } catch {
        print("wiring-bench: cannot write \(path): \(error)")
        failed.append("json: \(error)")
    }
}
if let path = options.markdownPath {
    let text = "\(report.markdownTable())\n\n\(report.markdownTargets())\n"
    do {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        failed.append("markdown: \(error)")
    }
}
if !failed.isEmpty {
    print("\nfailed scenarios:\n" + failed.map { "  \($0)" }.joined(separator: "\n"))
    exit(1)
}
