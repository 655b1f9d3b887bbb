import Foundation
import Synchronization

/// A small package of wiring libraries and apps, written to a temporary folder, that depends on
/// this package by path (through a link named `wiring`, so that its identity is `wiring`, as a
/// user's checkout or URL would be) and applies the LinkedWiring plugin to its apps.
///
/// - `Storage` and `Mail` are core libraries; `StorageWiring` and `MailWiring` their wiring
///   libraries; `FakeMail` and `FakeMailWiring` a fake and its wiring, written for Cleanse
///   (it depends on `WiringCleanse` alone).
/// - `Kit` is an umbrella that re-exports Wiring; `GreetingWiring`, the wiring library of the
///   core library `Greeting`, gets Wiring through it alone.
/// - `App` links `AppSupport` (which links `StorageWiring` and `GreetingWiring`: wiring libraries
///   linked transitively) and `MailWiring`; `DevApp` links `StorageWiring` and `FakeMailWiring`;
///   `BothApp` links `MailWiring`, and a test makes it link both mail wirings
///   (``bothMailWirings``), a duplicate binding; `BrokenApp` links `BrokenWiring`, which a test
///   breaks.
/// - `SharedRoot` is a library that applies the plugin: its `LinkedWiring` is public. `ShareApp`
///   builds the root the library declares; `ShareOwnRootApp` includes the library's
///   `LinkedWiring` in a root of its own. Neither applies the plugin.
/// - Each app prints the mailer and store its root got, and the modules of its graph.
struct DemoPackage {
    let folder: URL
    var root: URL { folder.appending(path: "demo") }

    /// The package's root folder in this repository.
    static let wiringRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let manifest = """
        // swift-tools-version: 6.1
        import PackageDescription

        let wiring = Target.Dependency.product(name: "Wiring", package: "wiring")

        let package = Package(
            name: "demo",
            platforms: [.macOS(.v15)],
            dependencies: [
                .package(path: "../deps/wiring"),
            ],
            targets: [
                .target(name: "Storage"),
                .target(name: "Mail"),
                .target(name: "FakeMail", dependencies: ["Mail"]),
                .target(name: "StorageWiring", dependencies: ["Storage", wiring]),
                .target(name: "MailWiring", dependencies: ["Mail", wiring]),
                .target(name: "FakeMailWiring", dependencies: ["FakeMail", "Mail", .product(name: "WiringCleanse", package: "wiring")]),
                .target(name: "BrokenWiring", dependencies: ["Storage", wiring]),
                .target(name: "Kit", dependencies: [wiring]),
                .target(name: "Greeting"),
                .target(name: "GreetingWiring", dependencies: ["Kit", "Greeting"]),
                .target(name: "AppSupport", dependencies: ["StorageWiring", "GreetingWiring"]),
                .target(name: "RootLib", dependencies: ["Storage", wiring]),
                .target(
                    name: "SharedRoot",
                    dependencies: ["StorageWiring", "MailWiring", wiring],
                    plugins: [.plugin(name: "LinkedWiring", package: "wiring")]
                ),
                .executableTarget(name: "ShareApp", dependencies: ["SharedRoot", wiring]),
                .executableTarget(name: "ShareOwnRootApp", dependencies: ["SharedRoot", "Mail", wiring]),
                .testTarget(
                    name: "RootTests",
                    dependencies: ["RootLib", wiring],
                    plugins: [.plugin(name: "LinkedWiring", package: "wiring")]
                ),
                .executableTarget(
                    name: "App",
                    dependencies: ["AppSupport", "MailWiring", wiring],
                    plugins: [.plugin(name: "LinkedWiring", package: "wiring")]
                ),
                .executableTarget(
                    name: "DevApp",
                    dependencies: ["StorageWiring", "FakeMailWiring", wiring],
                    plugins: [.plugin(name: "LinkedWiring", package: "wiring")]
                ),
                .executableTarget(
                    name: "BothApp",
                    dependencies: ["StorageWiring", "MailWiring", wiring],
                    plugins: [.plugin(name: "LinkedWiring", package: "wiring")]
                ),
                .executableTarget(
                    name: "BrokenApp",
                    dependencies: ["BrokenWiring", wiring],
                    plugins: [.plugin(name: "LinkedWiring", package: "wiring")]
                ),
            ]
        )

        """

    static let appMain = """
        import Foundation
        import Mail
        import Storage
        import Wiring

        struct AppRoot: RootComponent {
            typealias Root = String

            static func configure(binder: Binder<Singleton>) {
                binder.include(module: LinkedWiring.self)
            }

            static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
                bind.to { (mailer: any Mailer, store: any Store) in "mail=\\(mailer.name) store=\\(store.name)" }
            }
        }

        do {
            let factory = try ComponentFactory.of(AppRoot.self)
            print(factory.build(()))
            print("modules=" + factory.graph.modules.map(\\.module).sorted().joined(separator: ","))
        } catch {
            print("\\(error)")
            exit(3)
        }
        """

    /// A broken file, added to `BrokenWiring` by a test: valid Swift, but a binder type the
    /// scan cannot classify.
    static let unclassifiable = """
        public import Wiring

        public typealias WeirdBinder = Binder<Singleton>

        public struct WeirdModule: Module {
            public static func configure(binder: WeirdBinder) {}
        }
        """

    /// The manifest with `BothApp` linking both mail wirings, which bind `any Mailer` twice.
    static var bothMailWirings: String {
        manifest.replacingOccurrences(
            of: #"name: "BothApp",\#n            dependencies: ["StorageWiring", "MailWiring", wiring],"#,
            with: #"name: "BothApp",\#n            dependencies: ["StorageWiring", "MailWiring", "FakeMailWiring", wiring],"#
        )
    }

    /// A file of `BrokenWiring` with each mistake the build reports without types: a `bind`
    /// never finished (line 7), an `expose` in a `Module` (line 8), and two entries under one key
    /// of a map (lines 9 and 11).
    static let graphMistakes = """
        import Storage
        public import Wiring

        /// Every mistake the build finds without types.
        public struct MistakesModule: Module {
            public static func configure(binder: Binder<Unscoped>) {
                binder.bind(Cache.self)
                binder.expose(Cache.self)
                binder.bind((any Store).self).intoMap(key: "disk").to { DiskStore() as any Store }
                binder.bind((any Store).self).intoMap(key: "memory").to { DiskStore() as any Store }
                binder.bind((any Store).self).intoMap(key: "disk").to { DiskStore() as any Store }
            }
        }
        """

    /// Writes the package to a new temporary folder.
    static func make() throws -> DemoPackage {
        let folder = FileManager.default.temporaryDirectory.appending(path: "linked-wiring-\(UUID().uuidString)")
        let package = DemoPackage(folder: folder)
        try FileManager.default.createDirectory(at: folder.appending(path: "deps"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appending(path: "deps/wiring"), withDestinationURL: wiringRoot)
        try package.write(manifest, to: "Package.swift")
        for (path, text) in sources {
            try package.write(text + "\n", to: "Sources/" + path)
        }
        try package.write("// The tests of this target are generated by LinkedWiring.\n", to: "Tests/RootTests/RootTests.swift")
        return package
    }

    func write(_ text: String, to path: String) throws {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Removes the package, and the lock files SwiftPM leaves in the temporary folder, named
    /// after the package's path.
    func remove() {
        try? FileManager.default.removeItem(at: folder)
        let temporary = FileManager.default.temporaryDirectory
        let locks = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in locks where name.contains(folder.lastPathComponent) && name.hasSuffix(".lock") {
            try? FileManager.default.removeItem(at: temporary.appending(path: name))
        }
    }

    /// Sets a file's modification time to now.
    /// Moves a file's modification date two seconds past both now and its own, so that the build
    /// sees it changed on a file system with a coarse clock too, without waiting for the clock.
    func touch(_ path: String) throws {
        let file = root.appending(path: path).path
        let current = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date ?? Date()
        let later = max(current, Date()).addingTimeInterval(2)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: file)
    }

    /// The generated `LinkedWiring.swift` of a target.
    func generatedFile(of target: String) -> URL {
        root.appending(path: ".build/plugins/outputs/demo/\(target)/destination/LinkedWiring/LinkedWiring.swift")
    }

    func modificationDate(of url: URL) throws -> Date {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return attributes[.modificationDate] as? Date ?? .distantPast
    }

    /// `swift build` in the package with `arguments`.
    func build(_ arguments: [String] = []) throws -> ProcessResult {
        try run("/usr/bin/env", ["swift", "build"] + arguments, timeout: .seconds(1200))
    }

    /// Runs one of the built apps.
    func runApp(_ name: String) throws -> ProcessResult {
        try run(root.appending(path: ".build/debug/\(name)").path, [], timeout: .seconds(60))
    }

    /// Runs a program in the package's folder, killing it after `timeout`.
    func run(_ executable: String, _ arguments: [String], timeout: Duration) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = root
        // The demo builds this package as a user's dependency: not in a part of it that
        // Scripts/test chose for its own builds (Package.swift's WIRING_SCOPE and
        // WIRING_TEST_SOURCES), which would leave out the products the demo depends on.
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("WIRING_") }
        let output = FileManager.default.temporaryDirectory.appending(path: "linked-wiring-output-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                process.waitUntilExit()
                try handle.close()
                return ProcessResult(status: -1, output: "timed out after \(timeout)")
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        try handle.close()
        let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        return ProcessResult(status: process.terminationStatus, output: text)
    }
}
