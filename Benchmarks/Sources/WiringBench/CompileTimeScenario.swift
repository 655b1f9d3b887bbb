internal import BenchmarkSupport
internal import Foundation

// Scenario 10 (issue 8): the extra build time of the generated 600-module graph's wiring code,
// per binding, for Wiring (WiringScale600: 600 `Module`s), Swinject (SwinjectScale600: 600
// registration functions) and hand-written construction (HandScale600: 600 functions), debug
// and release. Each target is rebuilt alone with `swift build --target` after its dependencies
// are built (their sources are touched, so the whole target compiles again); the baseline is
// CompileBaseline, a target with the same dependencies and no generated code, built the same
// way. Extra time = target − baseline; per binding = extra / 6,000.

let compileTimeScenario = Scenario(key: "compile", title: "10. Compile time (6,000 bindings)", runsInQuickMode: false) { context in
    let builder = TargetBuilder(packagePath: context.packagePath)
    let targets = [
        ("CompileBaseline", "baseline (no generated code)"),
        ("WiringScale600", "Wiring"),
        ("SwinjectScale600", "Swinject"),
        ("HandScale600", "hand-written"),
    ]
    for configuration in ["debug", "release"] {
        print("  building the dependencies (\(configuration))…")
        try builder.build("CompileBaseline", configuration: configuration)
        let rounds = configuration == "debug" && !context.isQuick ? 2 : 1
        var seconds: [String: [Double]] = [:]
        for _ in 0..<rounds {
            for (target, _) in targets {
                seconds[target, default: []].append(try builder.rebuild(target, configuration: configuration))
            }
        }
        let baseline = seconds["CompileBaseline"]?.min() ?? 0
        var perBindingOf: [String: Double] = [:]
        for (target, name) in targets {
            let best = seconds[target]?.min() ?? .nan
            if target == "CompileBaseline" {
                context.add("\(configuration): \(name)", value: best, unit: "s", note: "build of a target with the same dependencies")
                continue
            }
            let perBinding = (best - baseline) / 6000 * 1000
            perBindingOf[target] = perBinding
            context.add("\(configuration): \(name)", value: perBinding, unit: "ms/binding",
                        note: "\(Report.format(best)) s to build, \(Report.format(best - baseline)) s more than the baseline")
            if target == "WiringScale600", configuration == "release" {
                context.report.check("Wiring: ≤ 2 ms/binding extra release build time", measured: "\(Report.format(perBinding)) ms", isMet: perBinding <= 2)
            }
        }
        if let wiring = perBindingOf["WiringScale600"], let hand = perBindingOf["HandScale600"], let swinject = perBindingOf["SwinjectScale600"] {
            let limit = configuration == "debug" ? 3.0 : 2.0
            let ratio = wiring / hand
            context.report.check(
                "\(configuration) compile ≤ \(Report.format(limit))× hand-written and below Swinject",
                measured: "\(Report.ratio(ratio)) hand-written, \(Report.ratio(wiring / swinject)) Swinject",
                isMet: ratio <= limit && wiring < swinject
            )
        }
    }
}

/// Runs `swift build` on single targets of the benchmark package.
struct TargetBuilder {
    /// A build that failed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let packagePath: String

    /// Builds a target and what it depends on.
    func build(_ target: String, configuration: String) throws {
        let outcome = try ChildProcess.run(["swift", "build", "-c", configuration, "--package-path", packagePath, "--target", target])
        guard outcome.succeeded else {
            throw Failure(description: "swift build --target \(target) (\(configuration)) failed:\n\(outcome.standardOutput.suffix(2000))")
        }
    }

    /// Touches every source of a target, rebuilds it, and returns the wall time in seconds.
    func rebuild(_ target: String, configuration: String) throws -> Double {
        let directory = URL(fileURLWithPath: packagePath).appendingPathComponent("Sources/\(target)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
        let now = Date()
        for file in files {
            try FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: directory.appendingPathComponent(file).path)
        }
        let clock = ContinuousClock()
        let start = clock.now
        try build(target, configuration: configuration)
        let seconds = (clock.now - start).nanoseconds * 1e-9
        print("  \(configuration) \(target): \(Report.format(seconds)) s")
        return seconds
    }
}
