// Reads Wiring's internals (`@testable import`), so it is compiled only where Wiring has
// testability and `DEBUG` is set: a debug build, and Scripts/test-thread-sanitizer's build under
// AddressSanitizer. Scripts/test's release build is a user's release build, without testability.
#if DEBUG
import Foundation
import Testing
@testable import Wiring

/// `ComponentFactory.graph` and its renderers.
struct GraphExportTests {
    @Test func theGraphListsEveryBindingWithItsKindScopeModuleAndLocation() throws {
        let graph = try ComponentFactory.of(ExportRoot.self).graph
        #expect(graph.component == "ExportRoot")
        #expect(graph.scope == "Wiring.Singleton")
        #expect(graph.schemaVersion == 1)
        #expect(graph.bindings.map(\.id) == [
            "Swift.String",
            "WiringTests.Clock",
            "WiringTests.Teller",
            "Swift.Int#WiringTests.NoteLimit",
            "Swift.Array<WiringTests.Plugin>@1",
            "Swift.Array<WiringTests.Plugin>@2",
            "root",
        ])
        let clock = try #require(graph.binding(withID: "WiringTests.Clock"))
        #expect(clock == ObjectGraph.Binding(
            id: "WiringTests.Clock", type: "WiringTests.Clock", name: "Clock", tag: nil, kind: .unique,
            scope: "Wiring.Singleton", isCollection: false, module: "WiringTests.ExportModule",
            location: SourceLocation(fileID: "App/Export.swift", line: 1), isOverride: false
        ))
        #expect(graph.binding(withID: "Swift.String")?.kind == .seed)
        #expect(graph.binding(withID: "Swift.Int#WiringTests.NoteLimit")?.tag == "WiringTests.NoteLimit")
        #expect(graph.bindings(of: [Plugin].self).map(\.isCollection) == [true, true])
        #expect(graph.modules == [
            ObjectGraph.ModuleInclusion(
                module: "WiringTests.ExportModule", includedBy: "WiringTests.ExportRoot",
                location: SourceLocation(fileID: "App/Root.swift", line: 2)
            ),
        ])
    }

    @Test func everyEdgeSaysHowItsParameterAsks() throws {
        let graph = try ComponentFactory.of(ExportRoot.self).graph
        #expect(graph.dependencies(of: "root") == [
            .init(from: "root", to: ["WiringTests.Teller"], parameter: "Teller", kind: .instance),
            .init(from: "root", to: ["Swift.Array<WiringTests.Plugin>@1", "Swift.Array<WiringTests.Plugin>@2"], parameter: "[Plugin]", kind: .instance),
            .init(from: "root", to: [], parameter: "Double?", kind: .optional),
        ])
        #expect(graph.dependencies(of: "WiringTests.Teller") == [
            .init(from: "WiringTests.Teller", to: ["WiringTests.Clock"], parameter: "Provider<Clock>", kind: .provider),
            .init(from: "WiringTests.Teller", to: ["Swift.String"], parameter: "String", kind: .instance),
            .init(from: "WiringTests.Teller", to: ["Swift.Int#WiringTests.NoteLimit"], parameter: "TaggedProvider<NoteLimit>", kind: .provider),
        ])
        #expect(graph.dependencies(of: "WiringTests.Teller")[0].isDeferred)
    }

    @Test func theTextRenderingIsATreeFromTheRoot() throws {
        let text = try ComponentFactory.of(ExportRoot.self).graph.rendered(as: .text)
        #expect(text == """
            ExportRoot (scope Singleton)
            Wallet  root · ExportRoot, App/Root.swift:9
            ├── Teller  ExportModule, App/Export.swift:2
            │   ├── Clock (as Provider<Clock>)  shared in Singleton · ExportModule, App/Export.swift:1
            │   ├── String  seed · ExportRoot
            │   └── Int tagged NoteLimit (as TaggedProvider<NoteLimit>)  ExportModule, App/Export.swift:3
            ├── [Plugin]  collection element · ExportModule, App/Export.swift:4
            ├── [Plugin]  collection element · ExportModule, App/Export.swift:5
            │   └── Clock  shared in Singleton · ExportModule, App/Export.swift:1
            └── Double?  nil: not bound

            """)
    }

    @Test func theJSONRenderingRoundTripsThroughJSONDecoder() throws {
        let graph = try ComponentFactory.of(ExportRoot.self).graph
        let json = graph.rendered(as: .json)
        let decoded = try JSONDecoder().decode(ObjectGraph.self, from: Data(json.utf8))
        #expect(decoded == graph)
        #expect(json.contains("\"schemaVersion\" : 1"))
    }

    @Test func theMermaidRenderingIsAFlowchart() throws {
        let mermaid = try ComponentFactory.of(ExportRoot.self).graph.rendered(as: .mermaid)
        #expect(mermaid == """
            flowchart LR
                n0(["String<br/>seed"])
                n1["Clock<br/>shared in Singleton"]
                n2["Teller"]
                n3["Int tagged NoteLimit"]
                n4["[Plugin]<br/>collection element"]
                n5["[Plugin]<br/>collection element"]
                n6["Wallet<br/>root"]
                n2 -. "Provider#lt;Clock#gt;" .-> n1
                n2 --> n0
                n2 -. "TaggedProvider#lt;NoteLimit#gt;" .-> n3
                n5 --> n1
                n6 --> n2
                n6 --> n4
                n6 --> n5
                classDef shared fill:#e8f0fe,stroke:#1a73e8
                class n1 shared

            """)
    }

    @Test func theDOTRenderingNamesTheGraphAndDashesADeferredEdge() throws {
        let dot = try ComponentFactory.of(ExportRoot.self).graph.rendered(as: .dot)
        #expect(dot.hasPrefix("digraph \"ExportRoot\" {\n"))
        #expect(dot.contains("    \"WiringTests.Teller\" -> \"WiringTests.Clock\" [style=dashed, label=\"Provider<Clock>\"];\n"))
    }

    @Test(.enabled(if: GraphExportTests.executable("dot") != nil, "Graphviz's dot is not installed (Scripts/test installs graphviz where it can)"))
    func theDOTRenderingIsAcceptedByGraphviz() throws {
        let graphviz = try #require(Self.executable("dot"))
        // A flat graph, and one whose subcomponent is a nested cluster.
        for dot in [try ComponentFactory.of(ExportRoot.self).graph.rendered(as: .dot), try ComponentFactory.of(BranchRoot.self).graph.rendered(as: .dot)] {
            let result = try Self.run(graphviz, ["-Tsvg"], input: dot)
            #expect(result.status == 0, "dot rejected the output: \(result.error)")
            #expect(result.output.contains("<svg"))
        }
    }

    @Test func aDeepChainRendersWithoutRecursionAndIsCutBelowTheMaximumDepth() throws {
        let depth = 10_000
        let bindings = (0..<depth).map { index in
            ObjectGraph.Binding(
                id: "b\(index)", type: "Chain.B\(index)", name: "B\(index)", tag: nil, kind: .unique, scope: nil,
                isCollection: false, module: nil, location: nil, isOverride: false
            )
        }
        let root = ObjectGraph.Binding(
            id: "root", type: "Chain.Root", name: "Root", tag: nil, kind: .root, scope: nil, isCollection: false,
            module: nil, location: nil, isOverride: false
        )
        let edges = [ObjectGraph.Dependency(from: "root", to: ["b0"], parameter: "B0", kind: .instance)]
            + (1..<depth).map { ObjectGraph.Dependency(from: "b\($0 - 1)", to: ["b\($0)"], parameter: "B\($0)", kind: .instance) }
        let graph = ObjectGraph(component: "Chain", scope: "Wiring.Unscoped", root: "root", bindings: bindings + [root], dependencies: edges, modules: [])
        let lines = graph.rendered(as: .text).split(separator: "\n")
        #expect(lines.count == 2 + TextGraphRenderer.maximumDepth + 1)
        #expect(lines.last?.hasSuffix("└── … deeper dependencies not shown; render as JSON to see them all") == true)
        #expect(graph.rendered(as: .dot).split(separator: "\n").count == 4 + (depth + 1) + depth + 1)
    }

    @Test func subcomponentsAreNestedGraphsWhoseEdgesReachTheirAncestors() throws {
        let graph = try ComponentFactory.of(BranchRoot.self).graph
        let teller = try #require(graph.subcomponents.first)
        #expect(teller.component == "TellerComponent")
        #expect(teller.installedAt == SourceLocation(fileID: "App/Branch.swift", line: 2))
        #expect(teller.root == "TellerComponent/root")
        #expect(teller.dependencies(of: "TellerComponent/root") == [
            .init(from: "TellerComponent/root", to: ["WiringTests.Clock"], parameter: "Clock", kind: .instance),
            .init(from: "TellerComponent/root", to: ["TellerComponent/Swift.String"], parameter: "String", kind: .instance),
        ])
        #expect(graph.rendered(as: .text) == """
            BranchRoot (scope Singleton)
            ComponentFactory<TellerComponent>  root · BranchRoot, App/Branch.swift:3
            └── ComponentFactory<TellerComponent>  BranchRoot, App/Branch.swift:2

            Not reached from the root of BranchRoot:
            Clock  shared in Singleton · BranchRoot, App/Branch.swift:1

            Subcomponent TellerComponent (scope Unscoped), installed at App/Branch.swift:2
            String  root · TellerComponent, App/Teller.swift:9
            ├── Clock  shared in Singleton · BranchRoot, App/Branch.swift:1
            └── String  seed · TellerComponent

            """)
        #expect(try JSONDecoder().decode(ObjectGraph.self, from: Data(graph.rendered(as: .json).utf8)) == graph)
        let dot = graph.rendered(as: .dot)
        #expect(dot.contains("    subgraph \"cluster_1\" {\n        label=\"TellerComponent (scope Unscoped)\";\n"))
        #expect(graph.rendered(as: .mermaid).contains("    subgraph s1 [\"TellerComponent\"]\n"))
    }

    // MARK: - Running Graphviz

    static func executable(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ path: String, _ arguments: [String], input: String) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let error = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output, error)
    }
}

// MARK: - Fixtures

private struct Clock: Sendable {}
private struct NoteLimit: Wiring.BindingTag { typealias Element = Int }
private struct Plugin: Sendable { let name: String }

private struct Teller {
    init(clock: Provider<Clock>, account: String, limit: TaggedProvider<NoteLimit>) {}
}

private struct Wallet {
    init(teller: Teller, plugins: [Plugin], rate: Double?) {}
}

private struct ExportModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Clock.self, file: "App/Export.swift", line: 1).sharedInScope().to(factory: Clock.init)
        binder.bind(Teller.self, file: "App/Export.swift", line: 2).to(factory: Teller.init)
        binder.bind(Int.self, file: "App/Export.swift", line: 3).tagged(with: NoteLimit.self).to(value: 50)
        binder.bind(Plugin.self, file: "App/Export.swift", line: 4).intoCollection().to(value: Plugin(name: "audit"))
        binder.bind(Plugin.self, file: "App/Export.swift", line: 5).intoCollection().to { (_: Clock) in Plugin(name: "clock") }
    }
}

private struct ExportRoot: RootComponent {
    typealias Seed = String
    typealias Root = Wallet
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: ExportModule.self, file: "App/Root.swift", line: 2)
    }
    static func configureRoot(binder bind: ReceiptBinder<Wallet>) -> BindingReceipt<Wallet> {
        bind.to(file: "App/Root.swift", line: 9, factory: Wallet.init)
    }
}

private struct TellerComponent: Component {
    typealias Seed = String
    typealias Root = String
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to(file: "App/Teller.swift", line: 9) { (_: Clock, name: String) in name }
    }
}

private struct BranchRoot: RootComponent {
    typealias Root = ComponentFactory<TellerComponent>
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Clock.self, file: "App/Branch.swift", line: 1).sharedInScope().to(factory: Clock.init)
        binder.install(dependency: TellerComponent.self, file: "App/Branch.swift", line: 2)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(file: "App/Branch.swift", line: 3) { (tellers: ComponentFactory<TellerComponent>) in tellers }
    }
}
#endif
