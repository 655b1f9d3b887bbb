// swift-tools-version: 6.1
import PackageDescription

// The benchmark package: a package of its own, so Swinject never reaches Wiring's users.
// `Scripts/bench` (at the root of the repository) builds it in release mode and runs it.
//
// WIRING_PACKAGE_PATH benchmarks another checkout of Wiring (before and after a change, say);
// it defaults to the repository this package lives in.
let wiringPath = Context.environment["WIRING_PACKAGE_PATH"] ?? ".."

let package = Package(
    name: "WiringBenchmarks",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "wiring-bench", targets: ["WiringBench"]),
        // The threshold probes alone: what Scripts/check-thresholds builds and counts.
        .executable(name: "wiring-probe", targets: ["WiringProbe"]),
    ],
    dependencies: [
        .package(name: "Wiring", path: wiringPath),
        // Pinned here, not by a Package.resolved (which stays out of git: its commit ids are a
        // mirror's): every comparison with Swinject is with 2.10.0 exactly.
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
    ],
    targets: [
        // MARK: - The bank client, for the bank scenario
        // Wiring's package vends only what its users depend on, so the example's bank client is
        // built here from its sources (links to ../Sources) rather than reached through a product.
        .target(name: "Network"),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
        .target(name: "BankNetwork", dependencies: ["Network", "CCurl"]),

        // MARK: - The harness
        .target(name: "CHeapUsage"),
        .target(name: "BenchmarkSupport", dependencies: ["CHeapUsage"]),

        // MARK: - The generated scale graph (Scripts/generate-scale.py)
        .target(name: "ScaleTypes"),
        .target(name: "WiringScale600", dependencies: ["ScaleTypes", .product(name: "Wiring", package: "Wiring")]),
        .target(name: "WiringScaleRest", dependencies: ["ScaleTypes", "WiringScale600", .product(name: "Wiring", package: "Wiring")]),
        .target(name: "SwinjectScale600", dependencies: ["ScaleTypes", "Swinject"]),
        .target(name: "HandScale600", dependencies: ["ScaleTypes"]),
        .target(name: "ProbeTypes"),
        .target(name: "ProbeScale", dependencies: ["ProbeTypes", .product(name: "Wiring", package: "Wiring")]),
        // The compile-time scenario's baseline: the same dependencies, no generated code.
        .target(
            name: "CompileBaseline",
            dependencies: ["ScaleTypes", "Swinject", .product(name: "Wiring", package: "Wiring")]
        ),

        // MARK: - The threshold probes (Scripts/check-thresholds), shared with the scenarios
        .target(
            name: "ProbeGraphs",
            dependencies: ["BenchmarkSupport", "ProbeScale", "ProbeTypes", .product(name: "Wiring", package: "Wiring")]
        ),
        .executableTarget(name: "WiringProbe", dependencies: ["ProbeGraphs"]),

        // MARK: - The scenarios
        .executableTarget(
            name: "WiringBench",
            dependencies: [
                "BenchmarkSupport", "ProbeGraphs", "ScaleTypes", "WiringScale600", "WiringScaleRest", "SwinjectScale600", "HandScale600",
                "Swinject",
                .product(name: "Wiring", package: "Wiring"),
                "BankNetwork", "Network",
            ]
        ),
    ]
)

for target in package.targets where target.type != .system && target.name != "CHeapUsage" {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
