import Foundation
import Synchronization

/// A small package of wiring libraries and apps, written to a temporary folder, that depends on
/// this package by path (through a link named `wiring`, so that its identity is `wiring`, as a
/// user's checkout or URL would be) and applies the LinkedWiring plugin to its apps.
///
/// - `Storage` and `Mail` are core libraries; `StorageWiring` and `MailWiring` their wiring
///   libraries; `FakeMail` and `FakeMailWiring` a fake and its wiring.
/// - `App` links `AppSupport` (which links `StorageWiring`: a wiring library linked transitively)
///   and `MailWiring`; `DevApp` links `StorageWiring` and `FakeMailWiring`; `BothApp` links
///   `MailWiring`, and a test makes it link both mail wirings (``bothMailWirings``), a
///   duplicate binding; `BrokenApp` links `BrokenWiring`, which a test breaks.
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
                .target(name: "FakeMailWiring", dependencies: ["FakeMail", "Mail", wiring]),
                .target(name: "BrokenWiring", dependencies: ["Storage", wiring]),
                .target(name: "AppSupport", dependencies: ["StorageWiring"]),
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

    static let sources: [String: String] = [
        "Storage/Store.swift": """
            public protocol Store: Sendable {
                var name: String { get }
            }

            public struct DiskStore: Store {
                public init() {}
                public var name: String { "disk" }
            }

            public final class Cache: Sendable {
                public init() {}
            }
            """,
        "Mail/Mail.swift": """
            public protocol Mailer: Sendable {
                var name: String { get }
            }

            public struct RealMailer: Mailer {
                public init() {}
                public var name: String { "real" }
            }
            """,
        "FakeMail/FakeMail.swift": """
            public import Mail

            public struct FakeMailer: Mailer {
                public init() {}
                public var name: String { "fake" }
            }
            """,
        // Every kind of declaration the scan must read or leave out.
        "StorageWiring/StorageModule.swift": """
            import Storage
            public import Wiring

            /// Binds the store. "public struct InString: Module {" is not a declaration.
            @available(macOS 15, *)
            public struct StorageModule:
                Wiring.Module,
                Sendable
            {
                public static func configure(binder: Binder<Unscoped>) {
                    let text = "public struct InString: Module {}"
                    _ = text
                    binder.bind((any Store).self).to { DiskStore() as any Store }
                }
            }

            /* public struct InComment: Module {} */

            /// Bound in the root, shared.
            public enum CacheModule {}

            extension CacheModule: Module {
                public typealias Scope = Singleton

                public static func configure(binder: Binder<Singleton>) {
                    binder.bind(Cache.self).sharedInScope().to { Cache() }
                }
            }
            """,
        "StorageWiring/LeftOut.swift": """
            import Storage
            public import Wiring

            /// The scope of a session subcomponent.
            public struct SessionScope: Scope {}

            /// For the session subcomponent: its scope leaves it out of the root.
            public struct SessionModule: Module {
                public static func configure(binder: Binder<SessionScope>) {
                    binder.bind(String.self).sharedInScope().to { "session" }
                }
            }

            /// Generic: the root could not name it.
            public struct TypedModule<Element>: Module {
                public static func configure(binder: Binder<Unscoped>) {}
            }

            // linked-wiring: exclude (a second store, for tests that include it themselves)
            /// A duplicate store binding that the marker keeps out of the root.
            public struct DebugStorageModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind((any Store).self).to { DiskStore() as any Store }
                }
            }

            struct InternalModule: Module {
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind((any Store).self).to { DiskStore() as any Store }
                }
            }

            // linked-wiring: exclude (internal on purpose: included by hand)
            struct ByHandModule: Module {
                static func configure(binder: Binder<Unscoped>) {}
            }
            """,
        "MailWiring/MailModule.swift": """
            import Mail
            public import Wiring

            /// Binds the real mailer, shared.
            public struct MailModule: Module {
                public static func configure(binder: Binder<Singleton>) {
                    binder.bind((any Mailer).self).sharedInScope().to { RealMailer() as any Mailer }
                }
            }
            """,
        "FakeMailWiring/FakeMailModule.swift": """
            import FakeMail
            import Mail
            public import Wiring

            /// Binds the fake mailer.
            public struct FakeMailModule: Wiring.Module {
                public static func configure(binder: Wiring.Binder<Wiring.Singleton>) {
                    binder.bind((any Mailer).self).sharedInScope().to { FakeMailer() as any Mailer }
                }
            }
            """,
        "BrokenWiring/BrokenModule.swift": """
            public import Wiring

            /// Binds nothing, yet.
            public struct BrokenModule: Module {
                public static func configure(binder: Binder<Unscoped>) {}
            }
            """,
        "AppSupport/AppSupport.swift": """
            /// An app's own library: it links StorageWiring, so the app links it transitively.
            public let appSupportName = "support"
            """,
        // A root whose mistake only types reveal: nothing binds the String its cache asks for.
        "RootLib/RootLib.swift": """
            public import Wiring
            public import Storage

            public struct LibRoot: RootComponent {
                public static func configure(binder: Binder<Singleton>) {
                    binder.bind(Cache.self).to { (name: String) in Cache() }
                }

                public static func configureRoot(binder bind: ReceiptBinder<Cache>) -> BindingReceipt<Cache> {
                    bind.to { (cache: Cache) in cache }
                }
            }
            """,
        "SharedRoot/SharedRoot.swift": """
            public import Wiring
            import Mail
            import Storage

            /// The root every app that links this library shares.
            public struct SharedAppRoot: RootComponent {
                public typealias Root = String

                public static func configure(binder: Binder<Singleton>) {
                    binder.include(module: LinkedWiring.self)
                }

                public static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
                    bind.to { (mailer: any Mailer, store: any Store) in "shared mail=\\(mailer.name) store=\\(store.name)" }
                }
            }
            """,
        "ShareApp/main.swift": """
            import Foundation
            import SharedRoot
            import Wiring

            do {
                let factory = try ComponentFactory.of(SharedAppRoot.self)
                print(factory.build(()))
                print("modules=" + factory.graph.modules.map(\\.module).sorted().joined(separator: ","))
            } catch {
                print("\\(error)")
                exit(3)
            }
            """,
        "ShareOwnRootApp/main.swift": """
            import Foundation
            import Mail
            import SharedRoot
            import Wiring

            struct OwnRoot: RootComponent {
                typealias Root = String

                static func configure(binder: Binder<Singleton>) {
                    binder.include(module: SharedRoot.LinkedWiring.self)
                }

                static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
                    bind.to { (mailer: any Mailer) in "own mail=\\(mailer.name)" }
                }
            }

            do {
                print(try ComponentFactory.of(OwnRoot.self).build(()))
            } catch {
                print("\\(error)")
                exit(3)
            }
            """,
        "App/main.swift": appMain,
        "DevApp/main.swift": appMain,
        "BothApp/main.swift": appMain,
        "BrokenApp/main.swift": """
            import Wiring

            struct BrokenRoot: RootComponent {
                typealias Root = Int

                static func configure(binder: Binder<Singleton>) {
                    binder.include(module: LinkedWiring.self)
                }

                static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
                    bind.to(value: 1)
                }
            }

            print(BrokenRoot.self)
            """,
    ]

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

/// What a process did.
struct ProcessResult: Sendable {
    let status: Int32
    let output: String
}
