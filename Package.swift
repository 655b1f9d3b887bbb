// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Wiring",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Wiring", targets: ["Wiring"]),
    ],
    targets: [
        // MARK: - The container
        .target(name: "Wiring"),

        // MARK: - Tests
        .testTarget(name: "WiringTests", dependencies: ["Wiring"]),
        .testTarget(name: "WiringDocumentationTests", dependencies: ["Wiring"]),
    ]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
