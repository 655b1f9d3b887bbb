// swift-tools-version: 6.2
import PackageDescription

// A new user's package, which Scripts/check-install copies out of the repository and builds
// against a fresh clone: the dependency and the two targets are the README's installation
// lines, word for word (the check points the URL at the clone).
let package = Package(
    name: "InstallCheck",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(url: "https://github.com/wiring-swift/wiring", .upToNextMinor(from: "0.2.1")),
    ],
    targets: [
        .target(name: "Weather"),
        .target(name: "WeatherWiring", dependencies: ["Weather", .product(name: "Wiring", package: "wiring")]),
        .testTarget(name: "WeatherWiringTests", dependencies: ["WeatherWiring", .product(name: "WiringTesting", package: "wiring")]),
    ]
)

// The user's own targets bear the names of the example's: none of them may clash.
package.targets += ["Network", "BankNetwork", "FakeNetwork", "BillScanner", "ATMLib", "CCurl"].map { .target(name: $0) }
package.targets += [
    .executableTarget(
        name: "App",
        dependencies: ["WeatherWiring", "Network", "BankNetwork", "FakeNetwork", "BillScanner", "ATMLib", "CCurl", .product(name: "Wiring", package: "wiring")]
    ),
    // Code written for Cleanse, in the Swift 5 mode it was written in, with the one setting the
    // migration guide gives: it must build without a warning from Wiring's API.
    .target(
        name: "CleanseStyleApp",
        dependencies: [.product(name: "WiringCleanse", package: "wiring")],
        swiftSettings: [.swiftLanguageMode(.v5), .enableUpcomingFeature("InferSendableFromCaptures")]
    ),
    // The same code without the setting (the check copies it here), so that the check can say
    // what the setting removes.
    .target(
        name: "CleanseStyleAppWithoutSetting",
        dependencies: [.product(name: "WiringCleanse", package: "wiring")],
        swiftSettings: [.swiftLanguageMode(.v5)]
    ),
]
