internal import BenchmarkSupport
internal import Foundation
internal import HandScale600
internal import ScaleTypes
internal import Swinject
internal import SwinjectScale600
internal import Wiring
internal import WiringScaleRest

// Scenario 4: start-up with 600 modules of 10 bindings (the generated scale graph; see
// Scripts/generate-scale.py). What an app pays before it can build anything: Wiring's
// `ComponentFactory.of` (configure every module, validate, link) against Swinject registering
// the same 6,000 services. Then the first object graph: Wiring's `build` of the root, which
// makes all 6,000 objects, against making them by hand, in a process of its own (see
// `StartupBuild`). Swinject cannot resolve the root: the
// chain is 6,000 deep and Swinject stops at a depth of 200 (the depth scenario shows it).
//
// Repeated `of` calls find the Swift runtime's caches (type metadata, conformances) warm; an
// app calls `of` once, cold. The cold lines run `of` (and Swinject's registration) as the first
// thing a fresh process does, several times, and report the median.

let startupAtScaleScenario = Scenario(key: "startup", title: "4. Start-up at scale (600 modules × 10 bindings)") { context in
    let kept = Retainer()
    let plan = Interleaved(rounds: context.isQuick ? 5 : 15, minimumBatch: .milliseconds(10), warmUpBatches: 1)
    let setup = try plan.measure([
        Contender("Wiring", afterBatch: kept.releaseAll) { n in
            for _ in 0..<n { kept.keep(try ComponentFactory.of(ScaleComponent6k.self)) }
        },
        Contender("Swinject", afterBatch: kept.releaseAll) { n in
            for _ in 0..<n {
                let container = Container()
                registerScale6000(container)
                kept.keep(container)
            }
        },
    ])
    let (of, register) = (setup[0], setup[1])
    let milliseconds = 1e-6
    context.add("Wiring: of (configure, validate, link), warm", of, unit: "ms", scale: milliseconds,
                note: "\(Report.format(of.median / 6000)) ns/binding; \(ratioNote(of, over: register, "Swinject"))")
    context.add("Swinject: register 6,000 services, warm", register, unit: "ms", scale: milliseconds,
                note: "\(Report.format(register.median / 6000)) ns/service")

    let coldRuns = context.isQuick ? 3 : 7
    let coldOf = try ColdStart.median(of: "wiring-of-6k", runs: coldRuns, context: context)
    let coldRegister = try ColdStart.median(of: "swinject-register-6k", runs: coldRuns, context: context)
    context.add("Wiring: of, cold (first thing a new process does)", value: coldOf * milliseconds, unit: "ms",
                note: "median of \(coldRuns) processes; \(Report.format(coldOf / 6000)) ns/binding")
    context.add("Swinject: register, cold", value: coldRegister * milliseconds, unit: "ms", note: "median of \(coldRuns) processes")

    let first = try StartupBuild.measureInChildProcess(quick: context.isQuick, context: context)
    let (hand, built) = (first[0], first[1])
    context.add("hand-written: make the 6,000 objects", hand, unit: "ms", scale: milliseconds)
    context.add("Wiring: build (makes the 6,000 objects)", built, unit: "ms", scale: milliseconds,
                note: ratioNote(built, over: hand, "hand-written"))
    context.add("Swinject: resolve the root", value: .nan, unit: "", note: "impossible: the chain is 6,000 deep, Swinject stops at 200")
    let buildRatio = built.median / hand.median
    context.report.check("build of the 6,000-object root ≤ 1.5× hand-written", measured: Report.ratio(buildRatio), isMet: buildRatio <= 1.5)
    let worst = max(of.median, coldOf) * milliseconds
    context.report.check(
        "of for 6,000 bindings ≤ 10 ms incl. validation",
        measured: "\(Report.format(of.median * milliseconds)) ms warm, \(Report.format(coldOf * milliseconds)) ms cold",
        isMet: worst <= 10
    )
}

/// `build` of the 6,000-binding root against making the 6,000 objects by hand, interleaved, in a
/// process of its own. After the rounds of `of` and of Swinject's registration above, the same
/// measurement in this process was bimodal: some runs took 8 to 10 times as long for every
/// Wiring round, whatever the heap was settled to, while a fresh process never did.
enum StartupBuild {
    /// Runs the `startup-build` probe and returns its timings: hand-written, then Wiring.
    static func measureInChildProcess(quick: Bool, context: ScenarioContext) throws -> [Timing] {
        let outcome = try ChildProcess.run([context.executablePath, "--probe", "startup-build", quick ? "1" : "0"])
        guard outcome.succeeded,
              let timings = try? JSONDecoder().decode([Timing].self, from: Data(outcome.standardOutput.utf8)),
              timings.count == 2
        else {
            throw ProbeFailure(probe: "startup-build", outcome: outcome)
        }
        return timings
    }

    /// The body of the probe: the two contenders' timings, as JSON on one line.
    static func measure(quick: Bool) throws -> String {
        let factory = try ComponentFactory.of(ScaleComponent6k.self)
        let kept = Retainer()
        let plan = Interleaved(rounds: quick ? 5 : 15, minimumBatch: .milliseconds(10), warmUpBatches: 1)
        let timings = try plan.measure([
            Contender("hand-written", afterBatch: kept.releaseAll) { n in
                for _ in 0..<n { kept.keep(makeScale6000()) }
            },
            Contender("Wiring", afterBatch: kept.releaseAll) { n in
                for _ in 0..<n { kept.keep(factory.build()) }
            },
        ])
        return String(decoding: try JSONEncoder().encode(timings), as: UTF8.self)
    }
}

/// Measurements made as the first thing a fresh process does: `wiring-bench --probe NAME`
/// prints the nanoseconds it measured.
enum ColdStart {
    /// Runs the probe `runs` times and returns the median of what it printed, in nanoseconds.
    static func median(of probe: String, runs: Int, context: ScenarioContext) throws -> Double {
        var samples: [Double] = []
        for _ in 0..<runs {
            let outcome = try ChildProcess.run([context.executablePath, "--probe", probe])
            guard outcome.succeeded, let value = outcome.standardOutput.split(whereSeparator: \.isWhitespace).first.flatMap({ Double($0) }) else {
                throw ProbeFailure(probe: probe, outcome: outcome)
            }
            samples.append(value)
        }
        return Statistics.median(samples)
    }

    /// Times `body` once and prints the nanoseconds: the body of a cold probe.
    static func timeOnce(_ body: () throws -> Void) rethrows -> Int32 {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        print(Int((clock.now - start).nanoseconds))
        return 0
    }
}

/// A child-process probe that did not do what it should.
struct ProbeFailure: Error, CustomStringConvertible {
    let probe: String
    let outcome: ChildProcess.Outcome

    var description: String {
        "probe \(probe) failed (\(outcome.wasSignalled ? "signal" : "status") \(outcome.status)): \(outcome.standardError.suffix(400))"
    }
}
