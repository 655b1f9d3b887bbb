internal import BenchmarkSupport
internal import ProbeGraphs
internal import Swinject
internal import Wiring

// Scenario 2: a hit on a shared binding through `Provider<T>.get()`, after the value was made.
// The hand-written baseline reads a stored property through a closure the optimiser cannot see
// into (so the read cannot be hoisted out of the loop or constant-folded); Swinject resolves a
// service registered in its `.container` scope. Two last lines show the floors: the loop and
// `blackHole` of a reference already held, then the same with the one retain and one release
// that returning a strong reference costs (what any getter of a class instance pays).

let singletonHitScenario = Scenario(key: "singleton", title: "2. Singleton hit") { context in
    let provider = try ComponentFactory.of(SessionComponent.self).build()
    blackHole(provider.get())  // made once, before timing
    let holder = SessionHolder()
    let read: () -> BenchSession = opaque { holder.session }
    let swinject = Container()
    swinject.register(BenchSession.self) { _ in BenchSession() }.inObjectScope(.container)
    blackHole(swinject.resolve(BenchSession.self)!)
    let timings = try context.fastPlan.measure([
        Contender("hand-written") { n in
            for _ in 0..<n { blackHole(read()) }
        },
        Contender("Wiring") { n in
            for _ in 0..<n { blackHole(provider.get()) }
        },
        Contender("Swinject") { n in
            for _ in 0..<n { blackHole(swinject.resolve(BenchSession.self)!) }
        },
        Contender("floor") { n in
            for _ in 0..<n { blackHole(holder) }
        },
        Contender("floor with retain and release") { n in
            let session = Unmanaged.passUnretained(holder.session)
            for _ in 0..<n {
                _ = session.retain()
                blackHole(holder)
                session.release()
            }
        },
    ])
    let (hand, wired, swinjected, floor, counted) = (timings[0], timings[1], timings[2], timings[3], timings[4])
    context.add("hand-written: stored property through a closure", hand)
    context.add("Wiring: Provider.get()", wired, note: ratioNote(wired, over: hand, "hand-written"))
    context.add("Swinject: resolve, .container scope", swinjected, note: ratioNote(swinjected, over: wired, "Wiring"))
    context.add("floor: loop + blackHole of a held reference", floor, note: "no retain or release")
    context.add("floor: the same with one retain and one release", counted, note: "what returning a strong reference adds")
    context.report.check("singleton hit ≤ 15 ns", measured: "\(Report.format(wired.median)) ns", isMet: wired.median <= 15)
}

