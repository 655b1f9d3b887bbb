internal import BenchmarkSupport
internal import ProbeGraphs
internal import Synchronization
internal import Wiring

// Scenario 12: effects. A hit on an async shared binding through `AsyncProvider.get()`, after
// the value was made, against a hand-written async cache of the same object; and a build of the
// ATM graph whose shared network is opened by an `async throws` initialiser, through
// `AsyncComponentFactory.build`, against the same construction written by hand with `async`
// and `await`. Each batch of `n` operations runs in one task (`runBlocking`), so the task's cost
// is spread over the batch.

let asyncGraphScenario = Scenario(key: "async", title: "12. Effects: async shared hit and async build") { context in
    let provider = try ComponentFactory.of(AsyncSessionComponent.self).build()
    try runBlocking { blackHole(try await provider.get()) }  // made once, before timing
    let cache = HandAsyncSessionCache()
    try runBlocking { blackHole(await cache.session()) }
    let hits = try context.fastPlan.measure([
        Contender("hand-written") { n in
            try runBlocking { for _ in 0..<n { blackHole(await cache.session()) } }
        },
        Contender("Wiring") { n in
            try runBlocking { for _ in 0..<n { blackHole(try await provider.get()) } }
        },
    ])
    context.add("hand-written: async cache (lock, read)", hits[0])
    context.add("Wiring: AsyncProvider.get()", hits[1], note: ratioNote(hits[1], over: hits[0], "hand-written"))

    let factory = try AsyncComponentFactory.of(AsyncATMComponent.self)
    let builds = try context.fastPlan.measure([
        Contender("hand-written") { n in
            try runBlocking { for _ in 0..<n { blackHole(try await HandAsyncATM.build()) } }
        },
        Contender("Wiring") { n in
            try runBlocking { for _ in 0..<n { blackHole(try await factory.build()) } }
        },
    ])
    context.add("hand-written: async ATM construction", builds[0])
    context.add("Wiring: AsyncComponentFactory.build", builds[1], note: ratioNote(builds[1], over: builds[0], "hand-written"))
    let hitRatio = hits[1].median / hits[0].median
    let buildRatio = builds[1].median / builds[0].median
    context.report.check("AsyncProvider.get() of a made value ≤ 1.5× hand-written", measured: Report.ratio(hitRatio), isMet: hitRatio <= 1.5)
    context.report.check("AsyncComponentFactory.build of the ATM ≤ 3× hand-written", measured: Report.ratio(buildRatio), isMet: buildRatio <= 3)
}

