// swift-tools-version: 6.3
import Foundation
import PackageDescription

// The dependency arrows are the architecture (ARCHITECTURE.md, "What may depend on what", which
// Scripts/check-architecture.py checks): core libraries depend only on other core libraries; a
// wiring library depends on Wiring and on its sibling core library (plus the core libraries whose
// protocols its sibling's initialisers take); a fake depends on the core library it fakes; `atm`
// never links a fake.
let package = Package(
    name: "Wiring",
    // The oldest systems with the Swift 5.9 runtime, which parameter packs in types and tuples need.
    // Nothing of the products needs more: their atomics are C11's (CWiringAtomics), not
    // `Synchronization`'s, which needs macOS 15 and iOS 18. The README's "Platforms" line says
    // the same, and Scripts/check-architecture.py fails when the two disagree.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    // What a user depends on, and nothing else: a target that no product reaches (the ATM example
    // below, the plugin's tool aside) is not built for a dependent package, runs no plugin there,
    // and its name clashes with none of the dependent's targets.
    products: [
        .library(name: "Wiring", targets: ["Wiring"]),
        .library(name: "WiringTesting", targets: ["WiringTesting"]),
        // Wiring plus the names only code written for Cleanse uses: `import WiringCleanse`.
        .library(name: "WiringCleanse", targets: ["WiringCleanse"]),
        // Generates `LinkedWiring`, which includes the modules of every wiring library an app links.
        .plugin(name: "LinkedWiring", targets: ["LinkedWiring"]),
    ],
    targets: [
        // MARK: - The container, and its support for tests
        .target(name: "Wiring", dependencies: ["CWiringAtomics"]),
        // The C11 atomics of Wiring's run-time (a header of `static inline` functions), ours.
        .target(name: "CWiringAtomics"),
        .target(name: "WiringTesting", dependencies: ["Wiring"]),
        .target(name: "WiringCleanse", dependencies: ["Wiring"]),

        // MARK: - The LinkedWiring plugin and its scanner (no dependency, not even Wiring)
        // The plugin compiles the scanner's sources into itself (Plugins/LinkedWiring/
        // LinkedWiringScanner links to them): a build tool plugin may depend on no library, and
        // a tool of its own would be built in every clean build of every app, twice by SwiftPM.
        // The library target is the same sources for the tests.
        .plugin(name: "LinkedWiring", capability: .buildTool()),
        .target(name: "LinkedWiringScanner"),

        // MARK: - Core libraries (no container)
        .target(name: "BillScanner"),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        .target(name: "Network"),
        // The framework layer: the libcurl client, linked by the production app only.
        .target(name: "BankNetwork", dependencies: ["Network", "CCurl"]),
        .target(name: "ATMLib", dependencies: ["BillScanner", "Network"]),

        // MARK: - Wiring libraries (bindings only, each for its sibling)
        .target(name: "BillScannerWiring", dependencies: ["Wiring", "BillScanner"], path: "WiringLibs/BillScannerWiring"),
        .target(name: "BankNetworkWiring", dependencies: ["Wiring", "BankNetwork", "Network"], path: "WiringLibs/BankNetworkWiring"),
        .target(name: "ATMLibWiring", dependencies: ["Wiring", "ATMLib", "BillScanner", "Network"], path: "WiringLibs/ATMLibWiring"),

        // MARK: - Fakes and their wiring
        .target(name: "FakeNetwork", dependencies: ["Network"], path: "FakeLibs/FakeNetwork"),
        .target(name: "FakeNetworkWiring", dependencies: ["Wiring", "FakeNetwork", "Network"], path: "FakeLibs/FakeNetworkWiring"),
        .target(name: "FakeATMLib", dependencies: ["ATMLib"], path: "FakeLibs/FakeATMLib"),
        .target(name: "FakeATMLibWiring", dependencies: ["Wiring", "FakeATMLib", "ATMLib"], path: "FakeLibs/FakeATMLibWiring"),

        // MARK: - Apps (executables of this package only: `swift build --product atm`)
        .target(name: "ATMCLI", dependencies: ["ATMLib", "BillScanner", "Network"]),
        .target(name: "ATMAppSupport", dependencies: ["ATMCLI", "ATMLib", "Network", "Wiring"]),
        // The two apps have the same sources; the wiring libraries they link make their graphs
        // (LinkedWiring), so the line that differs is the network layer's.
        .executableTarget(
            name: "atm",
            dependencies: [
                "ATMAppSupport", "ATMCLI", "ATMLib", "Network", "Wiring", "ATMLibWiring", "BillScannerWiring",
                "BankNetworkWiring",
            ],
            path: "Sources/ATMApp",
            plugins: ["LinkedWiring"]
        ),
        .executableTarget(
            name: "atm-dev",
            dependencies: [
                "ATMAppSupport", "ATMCLI", "ATMLib", "Network", "Wiring", "ATMLibWiring", "BillScannerWiring",
                "FakeNetworkWiring",
            ],
            path: "Sources/ATMDevApp",
            plugins: ["LinkedWiring"]
        ),

        // MARK: - Tests
        .target(name: "ATMTestSupport", dependencies: ["Network"], path: "Tests/ATMTestSupport"),
        .target(name: "SeededRandom", path: "Tests/SeededRandom"),
        // WiringTests' own fixtures: a wiring library that binds two core libraries' types, none
        // of them the ATM's, so that the library's tests build nothing of the example.
        .target(name: "Scanning", path: "Tests/Fixtures/Scanning"),
        .target(name: "Payments", path: "Tests/Fixtures/Payments"),
        .target(name: "CashWiring", dependencies: ["Wiring", "Scanning", "Payments"], path: "Tests/Fixtures/CashWiring"),
        // Code written for Cleanse, in the Swift 5 mode it was written in, with the one setting the
        // migration guide gives: the release build of Scripts/test fails on any warning it gets (without
        // the setting it gets one per binding). The same file is the new user's package's
        // (Tests/InstallCheck, which Scripts/check-install builds when a release is made).
        .target(
            name: "CleanseStyleCode",
            dependencies: ["WiringCleanse"],
            path: "Tests/InstallCheck/Sources/CleanseStyleApp",
            swiftSettings: [.swiftLanguageMode(.v5), .enableUpcomingFeature("InferSendableFromCaptures")]
        ),
        .testTarget(
            name: "WiringTests",
            // LinkedWiringScanner: the build-time checks read the random graphs rendered as source.
            dependencies: ["Wiring", "WiringCleanse", "CashWiring", "Scanning", "SeededRandom", "LinkedWiringScanner"]
        ),
        .testTarget(name: "WiringTestingTests", dependencies: ["Wiring", "WiringTesting"]),
        .target(name: "TellerWiring", dependencies: ["Wiring"], path: "Tests/Fixtures/TellerWiring"),
        .testTarget(
            name: "WiringDocumentationTests",
            dependencies: ["Wiring", "WiringCleanse", "WiringTesting", "TellerWiring"],
            plugins: [.plugin(name: "LinkedWiring")]
        ),
        .testTarget(name: "LinkedWiringTests", dependencies: ["LinkedWiringScanner"]),
        // The plugin end to end: a package that depends on this one, as a user's does, built with
        // `swift build` (which compiles Wiring for it). Nothing to compile of its own but the test.
        .testTarget(name: "LinkedWiringPluginTests"),
        .testTarget(name: "BillScannerTests", dependencies: ["BillScanner"]),
        .testTarget(name: "NetworkTests", dependencies: ["Network"]),
        // The client's own tests, and the contract suite that runs the fake and the client alike.
        .testTarget(name: "BankNetworkTests", dependencies: ["BankNetwork", "Network", "FakeNetwork", "ATMTestSupport"]),
        .testTarget(name: "ATMLibTests", dependencies: ["ATMLib", "BillScanner", "Network", "FakeNetwork", "FakeATMLib"]),
        .testTarget(
            name: "ATMAppTests",
            dependencies: [
                "atm", "atm-dev", "Wiring", "WiringTesting", "ATMLib", "ATMCLI", "ATMAppSupport", "BillScanner", "Network",
                "BankNetwork", "FakeNetwork", "FakeNetworkWiring", "FakeATMLib", "FakeATMLibWiring", "ATMLibWiring", "BillScannerWiring",
                "ATMTestSupport", "SeededRandom",
            ],
            // One generated test per root of `atm` and `atm-dev`, validated as `of` would.
            plugins: [.plugin(name: "LinkedWiring")]
        ),
    ]
)

// WIRING_TEST_SOURCES, with or without a scope: the files of WiringTests to compile, relative to
// its folder and separated by commas, and of its dependencies only the modules those files import.
// Scripts/test-thread-sanitizer passes the files of the suites it runs under the sanitizers, so
// that their builds compile no test, or fixture, they do not run.
if let sources = Context.environment["WIRING_TEST_SOURCES"], let tests = package.targets.first(where: { $0.name == "WiringTests" }) {
    let files = sources.split(separator: ",").map(String.init)
    let folder = Context.packageDirectory + "/Tests/WiringTests/"
    tests.sources = files
    // The other files are excluded, not left unhandled (which SwiftPM warns of).
    let all = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
    tests.exclude = all.filter { $0.hasSuffix(".swift") && !files.contains($0) }
    var imported = Set<String>()
    for file in files {
        // Unreadable here means the build will say so, naming the file.
        guard let text = try? String(contentsOfFile: folder + file, encoding: .utf8) else { continue }
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            if let index = words.firstIndex(of: "import"), index + 1 < words.count {
                imported.insert(String(words[index + 1]))
            }
        }
    }
    tests.dependencies.removeAll { dependency in
        switch dependency {
        case .targetItem(let name, _), .byNameItem(let name, _): !imported.contains(name)
        case .productItem: false
        @unknown default: false
        }
    }
}

// Scripts/test builds parts of the package again, chosen by `WIRING_SCOPE` (for every user, and
// without the variable, the manifest is the whole package):
//   - `release`: every test target but LinkedWiringPluginTests, the code written for Cleanse and the
//     threshold probes (Benchmarks/Sources), in one release build. Wiring and the other products
//     are optimised and built without testability, as in a user's release build, so that
//     Scripts/check-thresholds counts what users run; everything else is compiled without
//     optimisation and with testability (below). The library's tests, the example's suites and the
//     documentation checks all read this one build;
//   - `library`: WiringTests and what it needs, for the sanitizers' builds of its concurrency
//     suites and of the files that read Wiring's internals (Scripts/test-thread-sanitizer);
//   - `plugin`: LinkedWiringPluginTests, which builds a package of its own that depends on this
//     one, and runs beside the release build from the start (Scripts/test).
//   - `scanner`: LinkedWiringTests and the plugin's scanner, nothing else: the quick loop of work
//     on the scanner (`WIRING_SCOPE=scanner swift test --scratch-path .build-scanner`).
let scopes: [String: [String]] = [
    "library": ["WiringTests"],
    "release": package.targets.filter { $0.type == .test && $0.name != "LinkedWiringPluginTests" }.map(\.name)
        + ["CleanseStyleCode", "WiringProbe"],
    "plugin": ["LinkedWiringPluginTests"],
    "scanner": ["LinkedWiringTests"],
]
if let scope = Context.environment["WIRING_SCOPE"], scopes[scope] == nil {
    // A manifest cannot fail with a message of its own: a target whose path is the message makes
    // SwiftPM stop and print it.
    let known = scopes.keys.sorted().joined(separator: " or ")
    package.targets.append(
        .target(name: "UnknownScope", path: "WIRING_SCOPE=\(scope) is not a scope of this package: unset it, or use \(known)")
    )
} else if let scope = Context.environment["WIRING_SCOPE"], let roots = scopes[scope] {
    // Code compiled in a release build (whole-module) but without optimisation and with
    // testability (`@testable import`): one frontend job per module type-checks each file once,
    // where a debug build's batches each check the declarations of the module's other files
    // again (WiringTests costs 50 s of CPU so, against 105 s in batches). In the release scope,
    // that is all but the products. In the library scope, which Scripts/test-thread-sanitizer
    // builds with `-c release` under each sanitizer, it is all of it, with the `DEBUG` condition
    // of a debug build: the files of WiringTests that read Wiring's internals are `#if DEBUG`.
    // A test target's module is emitted by its compile, not by a job of its own that checks its
    // declarations again, as nothing imports it. And none of it gets debug information: a failed
    // expectation names its line all the same, and a sanitizer's report names the functions of
    // its stacks (their lines need a local run without `-gnone`). Without both, the release
    // scope's build took 385 s of the compiler's CPU, against 334 s with them (`-stats-output-dir`).
    // (The plugin scope is a debug build: its one target needs none of this.)
    let optimised: Set<String> = scope == "release" ? ["Wiring", "CWiringAtomics", "WiringTesting", "WiringCleanse"] : []
    let compiled = scope == "plugin" ? [] : package.targets.filter { $0.type != .system && $0.type != .plugin }
    for target in compiled where !optimised.contains(target.name) {
        var flags = ["-Onone", "-enable-testing", "-gnone"]
        if target.type == .test { flags.append("-no-emit-module-separately-wmo") }
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(flags)]
        if scope == "library" {
            target.swiftSettings?.append(.define("DEBUG"))
        }
    }
    if scope == "release", let stats = Context.environment["WIRING_COMPILE_STATS"],
       let wiring = package.targets.first(where: { $0.name == "Wiring" }) {
        // The compiler's counters for Wiring's release compile, from which Scripts/check-thresholds
        // reads the module's compile figure (Scripts/lib/release-scope.sh sets the folder). Every
        // compile generates all of the module's code, so that the count is whole: by default a
        // rebuild skips LLVM for the files whose IR did not change, and does not count them.
        wiring.swiftSettings = (wiring.swiftSettings ?? []) + [
            .unsafeFlags(["-stats-output-dir", stats, "-Xfrontend", "-disable-incremental-llvm-codegen"]),
        ]
    }
    if scope == "release" {
        // The probes of Benchmarks/Package.swift, built as there; ProbeScale and ProbeTypes are
        // generated by Benchmarks/Scripts/generate-scale.py (Scripts/check-thresholds runs it).
        let benchmarks = "Benchmarks/Sources/"
        package.targets += [
            .target(name: "CHeapUsage", path: benchmarks + "CHeapUsage"),
            .target(name: "BenchmarkSupport", dependencies: ["CHeapUsage"], path: benchmarks + "BenchmarkSupport"),
            .target(name: "ProbeTypes", path: benchmarks + "ProbeTypes"),
            .target(name: "ProbeScale", dependencies: ["ProbeTypes", "Wiring"], path: benchmarks + "ProbeScale"),
            .target(
                name: "ProbeGraphs",
                dependencies: ["BenchmarkSupport", "ProbeScale", "ProbeTypes", "Wiring"],
                path: benchmarks + "ProbeGraphs"
            ),
            .executableTarget(name: "WiringProbe", dependencies: ["ProbeGraphs"], path: benchmarks + "WiringProbe"),
        ]
    }
    // The roots and every target they reach, through dependencies and plugins.
    var kept = Set<String>()
    var pending = roots
    while let name = pending.popLast() {
        guard kept.insert(name).inserted, let target = package.targets.first(where: { $0.name == name }) else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): pending.append(name)
            case .productItem: break
            @unknown default: break
            }
        }
        for plugin in target.plugins ?? [] {
            if case .plugin(let name, nil) = plugin { pending.append(name) }
        }
    }
    package.targets.removeAll { !kept.contains($0.name) }
    package.products.removeAll { product in
        switch product {
        case let library as Product.Library: !library.targets.allSatisfy(kept.contains)
        case let plugin as Product.Plugin: !plugin.targets.allSatisfy(kept.contains)
        default: true
        }
    }
}

// What the products build is checked for strict memory safety: every use of an unsafe
// declaration says `unsafe`, and only Sources/Wiring/Unsafe/ may say it (ARCHITECTURE.md, "The
// unsafe corner"; Scripts/check-memory-safety makes its warnings errors, which a manifest must
// not do: SwiftPM hides a dependency's warnings, and an error setting clashes with that).
let memorySafeTargets: Set<String> = [
    "Wiring", "WiringTesting", "WiringCleanse", "LinkedWiringScanner",
]
// (CleanseStyleCode keeps the settings code written for Cleanse was written with.)
for target in package.targets where target.type != .system && target.type != .plugin && target.name != "CleanseStyleCode" {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    if memorySafeTargets.contains(target.name) {
        settings.append(.strictMemorySafety())
    }
    target.swiftSettings = settings
}
