import Foundation
import Testing

/// The plugin end to end: a package made by the test links different wiring libraries into
/// different apps, and `swift build` builds them with the plugin of this package.
///
/// Building a fresh package builds Wiring, so the checks share one package and four builds:
/// the first builds everything; the others are incremental.
struct LinkedWiringPluginTests {
    @Test
    func eachAppsRootGetsTheModulesItsPackageLinksAndNothingElse() throws {
        let package = try DemoPackage.make()
        defer { package.remove() }

        // 1. Everything builds; each app's root got exactly the modules its Package.swift links,
        // GreetingWiring's too, though it gets Wiring only through the umbrella `Kit`.
        let build = try package.build()
        try #require(build.status == 0, "swift build failed:\n\(build.output)")
        // Its one warning is the module left internal without a marker, at its declaration
        // (once per app that links StorageWiring).
        let leftOut = package.root.appending(path: "Sources/StorageWiring/LeftOut.swift").path
        let warnings = Set(build.output.split(separator: "\n").map(String.init).filter { $0.contains("warning:") })
        #expect(warnings == [
            "\(leftOut):27:1: warning: LinkedWiring: the module StorageWiring.InternalModule is left out of LinkedWiring because it is internal (no access level is written), and LinkedWiring includes only public modules. To fix this, make it public, or, if it is meant to be included by hand, mark it `// linked-wiring: exclude` on the line above its declaration and include it yourself.",
        ], "\(build.output)")

        let app = try package.runApp("App")
        #expect(app.status == 0)
        #expect(app.output == """
            mail=real store=disk
            modules=App.LinkedWiring,GreetingWiring.GreetingModule,MailWiring.MailModule,StorageWiring.CacheModule,StorageWiring.StorageModule

            """)
        let devApp = try package.runApp("DevApp")
        #expect(devApp.status == 0)
        #expect(devApp.output == """
            mail=fake store=disk
            modules=DevApp.LinkedWiring,FakeMailWiring.FakeMailModule,StorageWiring.CacheModule,StorageWiring.StorageModule

            """)

        // Two apps share the root a library declares, or include the library's LinkedWiring,
        // which the plugin makes public on a library target (and only there).
        let shared = try package.runApp("ShareApp")
        #expect(shared.status == 0)
        #expect(shared.output == """
            shared mail=real store=disk
            modules=MailWiring.MailModule,SharedRoot.LinkedWiring,StorageWiring.CacheModule,StorageWiring.StorageModule

            """)
        let ownRoot = try package.runApp("ShareOwnRootApp")
        #expect(ownRoot.status == 0)
        #expect(ownRoot.output == "own mail=real\n")
        let sharedFile = try String(contentsOf: package.generatedFile(of: "SharedRoot"), encoding: .utf8)
        #expect(sharedFile.contains("public struct LinkedWiring: Wiring.Module {"), "\(sharedFile)")
        #expect(try String(contentsOf: package.generatedFile(of: "App"), encoding: .utf8).contains("\nstruct LinkedWiring: Wiring.Module {"))

        // The generated file lists what it left out, and why.
        let generated = try String(contentsOf: package.generatedFile(of: "App"), encoding: .utf8)
        #expect(generated.contains("""
            // Left out:
            //   StorageWiring.ByHandModule (StorageWiring/LeftOut.swift:34): it is not public
            //   StorageWiring.DebugStorageModule (StorageWiring/LeftOut.swift:21): it is marked // linked-wiring: exclude
            //   StorageWiring.InternalModule (StorageWiring/LeftOut.swift:27): it is not public
            //   StorageWiring.SessionModule (StorageWiring/LeftOut.swift:8): its scope is SessionScope: include it in the subcomponent of that scope
            //   StorageWiring.TypedModule (StorageWiring/LeftOut.swift:15): it is generic; include it yourself with its type arguments
            """), "\(generated)")
        #expect(generated.contains("""
                static func configure(binder: Wiring.Binder<Wiring.Singleton>) {
                    binder.include(module: GreetingWiring.GreetingModule.self)
                    binder.include(module: MailWiring.MailModule.self)
                    binder.include(module: StorageWiring.CacheModule.self)
                    if #available(macOS 15, *) {
                        binder.include(module: StorageWiring.StorageModule.self)
                    }
                }
            """), "\(generated)")

        // 2. Touching a library no wiring library depends on runs no generator; touching a
        // wiring library runs the generator of the apps that link it, and only theirs (a core
        // library a wiring library depends on is an input too: the graph checks read its types). A
        // build with nothing to do comes first, so that whatever the first build left to SwiftPM
        // is done before the dates are read.
        let settle = try package.build()
        try #require(settle.status == 0, "the second swift build failed:\n\(settle.output)")
        let appDate = try package.modificationDate(of: package.generatedFile(of: "App"))
        let devAppDate = try package.modificationDate(of: package.generatedFile(of: "DevApp"))
        try package.touch("Sources/AppSupport/AppSupport.swift")
        try package.touch("Sources/MailWiring/MailModule.swift")
        let rebuild = try package.build()
        try #require(rebuild.status == 0, "the third swift build failed:\n\(rebuild.output)")
        #expect(try package.modificationDate(of: package.generatedFile(of: "DevApp")) == devAppDate, "\(rebuild.output)")
        #expect(try package.modificationDate(of: package.generatedFile(of: "App")) > appDate, "\(rebuild.output)")

        // 3. A module whose scope the scan cannot tell is a build error naming file and line.
        try package.write(DemoPackage.unclassifiable, to: "Sources/BrokenWiring/Weird.swift")
        let broken = try package.build(["--product", "BrokenApp"])
        #expect(broken.status != 0)
        let weird = package.root.appending(path: "Sources/BrokenWiring/Weird.swift").path
        #expect(broken.output.contains(
            "\(weird):6:1: error: LinkedWiring: cannot tell the scope of the module BrokenWiring.WeirdModule from `configure(binder: WeirdBinder)`; spell it Binder<Unscoped>, Binder<Singleton> or Binder<SomeScope> (or typealias Scope = one of them), or mark the module `// linked-wiring: exclude` and include it yourself"
        ), "\(broken.output)")

        // 4. The graph checks: each mistake `of` would report at launch fails the build at its
        // line. A package that links both mail wirings binds `any Mailer` twice.
        let manifest = DemoPackage.bothMailWirings
        try #require(manifest != DemoPackage.manifest)
        try package.write(manifest, to: "Package.swift")
        let both = try package.build(["--product", "BothApp"])
        #expect(both.status != 0)
        let fakeMail = package.root.appending(path: "Sources/FakeMailWiring/FakeMailModule.swift").path
        let mail = package.root.appending(path: "Sources/MailWiring/MailModule.swift").path
        #expect(both.output.contains(
            "\(fakeMail):8:16: error: LinkedWiring: any Mailer is bound by more than one linked wiring library: in FakeMailModule from FakeMailWiring, and again at MailWiring/MailModule.swift:7 in MailModule from MailWiring. To fix this, link only one of them: keep one of FakeMailWiring and MailWiring in the app target's dependencies in Package.swift (LinkedWiring includes every wiring library the target links)."
        ), "\(both.output)")
        #expect(both.output.contains("\(mail):7:16: note: LinkedWiring: any Mailer bound again here, in MailModule"), "\(both.output)")

        try package.write(DemoPackage.graphMistakes, to: "Sources/BrokenWiring/Weird.swift")
        let mistakes = try package.build(["--product", "BrokenApp"])
        #expect(mistakes.status != 0)
        for line in [
            "\(weird):7:16: error: LinkedWiring: binder.bind(Cache.self) in MistakesModule is never finished, so it binds nothing. To fix this, end it with a terminal, such as binder.bind(Cache.self).to(factory: ...) or .to(value: ...), or delete it.",
            "\(weird):8:16: error: LinkedWiring: binder.expose(Cache.self) is called outside a private module, so it exposes nothing: MistakesModule is a Module. To fix this, call it in the configure(binder:) of a PrivateModule, or remove it: the bindings of a Module are visible everywhere.",
            #"\#(weird):11:16: error: LinkedWiring: [String: any Store] has more than one entry under the key "disk": contributed at BrokenWiring/Weird.swift:9 in MistakesModule, and again here in MistakesModule. To fix this, give each entry a key of its own, or include only one of the modules that contribute "disk". To swap an entry in a test, contribute the replacement in ComponentFactory.of(_:replacing:) from WiringTesting."#,
        ] {
            #expect(mistakes.output.contains(line), "\(mistakes.output)")
        }

        // 5. A test target that applies the plugin gets a test per root of the targets it
        // depends on; the one of `LibRoot` fails at the binding whose parameter nothing binds,
        // a mistake only types reveal.
        try package.write(DemoPackage.manifest, to: "Package.swift")
        try FileManager.default.removeItem(at: package.root.appending(path: "Sources/BrokenWiring/Weird.swift"))
        let tests = try package.run("/usr/bin/env", ["swift", "test"], timeout: .seconds(1200))
        #expect(tests.status != 0)
        #expect(tests.output.contains("""
            ✘ Test "RootLib.LibRoot validates" recorded an issue at RootLib.swift:6:1: Issue recorded
            ↳ LibRoot: Missing binding for String.
                required by Cache at RootLib/RootLib.swift:6
            """), "\(tests.output)")
        #expect(tests.output.contains("1 test in 1 suite failed"), "\(tests.output)")
    }
}
