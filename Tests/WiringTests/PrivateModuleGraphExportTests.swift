// Reads Wiring's internals (`@testable import`), so it is compiled only where Wiring has
// testability and `DEBUG` is set: a debug build, and Scripts/test-thread-sanitizer's build under
// AddressSanitizer. Scripts/test's release build is a user's release build, without testability.
#if DEBUG
import Foundation
import Testing
@testable import Wiring

/// The graph export draws each private module's boundary: what it exposes, what it keeps.
struct PrivateModuleGraphExportTests {
    @Test func theTextListsEachBoundaryAndMarksItsBindings() throws {
        let text = try ComponentFactory.of(BoundaryRoot.self).graph.rendered(as: .text)
        #expect(text == """
            BoundaryRoot (scope Singleton)
            Executor  root · BoundaryRoot, App/Root.swift:5
            ├── Executor  exposed by TransportModule · TransportModule, NetWiring/NetModule.swift:5
            │   └── Executor  private to TransportModule · TransportModule, NetWiring/NetModule.swift:4
            │       └── Transport  shared in Singleton · private to TransportModule · TransportModule, NetWiring/NetModule.swift:3
            └── [String]  collection element · exposed by TransportModule · TransportModule, NetWiring/NetModule.swift:6

            Private module TransportModule:
              exposes Executor, [String]
              keeps Transport, Executor

            """)
    }

    @Test func dotDrawsEachPrivateModuleAsACluster() throws {
        let dot = try ComponentFactory.of(BoundaryRoot.self).graph.rendered(as: .dot)
        #expect(dot == #"""
            digraph "BoundaryRoot" {
                rankdir=LR;
                node [shape=box, fontname="Helvetica", fontsize=11];
                edge [fontname="Helvetica", fontsize=9];
                "root" [label="Executor\nroot\nBoundaryRoot, App/Root.swift:5", style=bold];
                subgraph "cluster_private_BoundaryRoot_WiringTests.TransportModule" {
                    label="TransportModule (private module)";
                    style=dashed;
                    "WiringTests.TransportModule::WiringTests.Transport" [label="Transport\nshared in Singleton\nprivate to TransportModule\nTransportModule, NetWiring/NetModule.swift:3", style=filled, fillcolor="#e8f0fe"];
                    "WiringTests.TransportModule::WiringTests.Executor" [label="Executor\nprivate to TransportModule\nTransportModule, NetWiring/NetModule.swift:4"];
                    "WiringTests.Executor" [label="Executor\nexposed by TransportModule\nTransportModule, NetWiring/NetModule.swift:5"];
                    "Swift.Array<Swift.String>@1" [label="[String]\ncollection element\nexposed by TransportModule\nTransportModule, NetWiring/NetModule.swift:6"];
                }
                "WiringTests.TransportModule::WiringTests.Executor" -> "WiringTests.TransportModule::WiringTests.Transport";
                "WiringTests.Executor" -> "WiringTests.TransportModule::WiringTests.Executor";
                "root" -> "WiringTests.Executor";
                "root" -> "Swift.Array<Swift.String>@1";
            }

            """#)
    }

    @Test func mermaidDrawsEachPrivateModuleAsASubgraph() throws {
        let mermaid = try ComponentFactory.of(BoundaryRoot.self).graph.rendered(as: .mermaid)
        #expect(mermaid == """
            flowchart LR
                n4["Executor<br/>root"]
                subgraph s1 ["TransportModule (private module)"]
                    n0["Transport<br/>shared in Singleton<br/>private to TransportModule"]
                    n1["Executor<br/>private to TransportModule"]
                    n2["Executor<br/>exposed by TransportModule"]
                    n3["[String]<br/>collection element<br/>exposed by TransportModule"]
                end
                n1 --> n0
                n2 --> n1
                n4 --> n2
                n4 --> n3
                classDef shared fill:#e8f0fe,stroke:#1a73e8
                class n0 shared

            """)
    }

    @Test func jsonSaysWhichModuleKeepsOrExposesEachBinding() throws {
        let graph = try ComponentFactory.of(BoundaryRoot.self).graph
        #expect(graph.boundaries == [
            ObjectGraph.Boundary(
                module: "WiringTests.TransportModule",
                exposes: ["WiringTests.Executor", "Swift.Array<Swift.String>@1"],
                keeps: ["WiringTests.TransportModule::WiringTests.Transport", "WiringTests.TransportModule::WiringTests.Executor"]
            ),
        ])
        let executor = try #require(graph.binding(withID: "WiringTests.Executor"))
        #expect(executor.exposedFrom == "WiringTests.TransportModule")
        #expect(executor.privateTo == nil)
        let kept = try #require(graph.binding(withID: "WiringTests.TransportModule::WiringTests.Executor"))
        #expect(kept.privateTo == "WiringTests.TransportModule")
        #expect(kept.exposedFrom == nil)
        let json = graph.rendered(as: .json)
        #expect(json.contains(#"""
                  "exposedFrom" : "WiringTests.TransportModule",
                  "id" : "WiringTests.Executor",
            """#))
        #expect(json.contains(#"""
                  "module" : "WiringTests.TransportModule",
                  "name" : "Executor",
                  "privateTo" : "WiringTests.TransportModule",
            """#))
        let decoded = try JSONDecoder().decode(ObjectGraph.self, from: Data(json.utf8))
        #expect(decoded == graph)
    }
}

private final class Transport: Sendable {}
private final class Executor: Sendable {
    init(transport: Transport) {}
}

private struct TransportModule: PrivateModule {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Transport.self, file: "NetWiring/NetModule.swift", line: 3).sharedInScope().to(factory: Transport.init)
        binder.bind(Executor.self, file: "NetWiring/NetModule.swift", line: 4).to(factory: Executor.init)
        binder.expose(Executor.self, file: "NetWiring/NetModule.swift", line: 5)
        binder.bind(String.self, file: "NetWiring/NetModule.swift", line: 6).intoCollection().to(value: "net")
        binder.expose(collectionOf: String.self, file: "NetWiring/NetModule.swift", line: 7)
    }
}

private struct BoundaryRoot: RootComponent {
    typealias Root = Executor
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: TransportModule.self, file: "App/Root.swift", line: 2)
    }
    static func configureRoot(binder bind: ReceiptBinder<Executor>) -> BindingReceipt<Executor> {
        bind.to(file: "App/Root.swift", line: 5) { (executor: Executor, _: [String]) in executor }
    }
}
#endif
