// Reads Wiring's internals (`@testable import`), so it is compiled only where Wiring has
// testability and `DEBUG` is set: a debug build, and Scripts/test-thread-sanitizer's build under
// AddressSanitizer. Scripts/test's release build is a user's release build, without testability.
#if DEBUG
import Foundation
import Testing
@testable import Wiring

/// The graph export lists a subcomponent's collection in the order `build()` makes it: the
/// child's own contributions, then its parent's, then its grandparent's, a private module's where
/// the module is included. A map's entries come in the same order.
struct SubcomponentCollectionGraphExportTests {
    /// The child's `[String]` edge lists the contributions in the order of the strings `build()`
    /// gives the child: its own, its private module's, then the parent's.
    @Test func theChildsCollectionEdgeListsItsContributionsInBuildOrder() throws {
        let factory = try ComponentFactory.of(CollParent.self)
        let child = factory.build(()).child.build(())
        #expect(child.items == ["child-item", "private-child-item", "parent-item", "private-parent-item", "hidden-parent-item"])
        let graph = try #require(factory.graph.subcomponents.first)
        #expect(graph.dependencies(of: "CollChild/root").first == ObjectGraph.Dependency(
            from: "CollChild/root",
            to: [
                "CollChild/Swift.Array<Swift.String>@1",
                "CollChild/Swift.Array<Swift.String>@2",
                "Swift.Array<Swift.String>@1",
                "Swift.Array<Swift.String>@2",
                "Swift.Array<Swift.String>@3",
            ],
            parameter: "[String]",
            kind: .instance
        ))
    }

    /// The child's map edge lists its own entries, then its parent's: the order of a collection,
    /// which the map itself does not keep.
    @Test func theChildsMapEdgeListsItsOwnEntriesFirst() throws {
        let graph = try #require(ComponentFactory.of(CollParent.self).graph.subcomponents.first)
        #expect(graph.dependencies(of: "CollChild/root").dropFirst().first == ObjectGraph.Dependency(
            from: "CollChild/root",
            to: [
                #"CollChild/Swift.Dictionary<Swift.String, Swift.String>["child"]"#,
                #"Swift.Dictionary<Swift.String, Swift.String>["parent"]"#,
                #"Swift.Dictionary<Swift.String, Swift.String>["private-parent"]"#,
            ],
            parameter: "[String: String]",
            kind: .instance
        ))
    }

    /// The text tree lists the child's elements in build order, and each private module's
    /// exposed types once.
    @Test func theTextListsTheChildsCollectionInBuildOrder() throws {
        let text = try ComponentFactory.of(CollParent.self).graph.rendered(as: .text)
        #expect(text == """
            CollParent (scope Singleton)
            CollParentRoot  root · CollParent, Parent/Root.swift:1
            ├── [String]  collection element · CollParent, Parent/Wiring.swift:1
            ├── [String]  collection element · exposed by ParentCollPMod · ParentCollPMod, Parent/PrivateModule.swift:1
            ├── [String]  collection element · exposed by ParentCollPMod · ParentCollPMod, Parent/PrivateModule.swift:3
            ├── [String: String]  map entry "parent" · CollParent, Parent/Wiring.swift:2
            ├── [String: String]  map entry "private-parent" · exposed by ParentCollPMod · ParentCollPMod, Parent/PrivateModule.swift:2
            └── ComponentFactory<CollChild>  CollParent, Parent/Wiring.swift:4

            Private module ParentCollPMod:
              exposes [String], [String: String]
              keeps nothing

            Subcomponent CollChild (scope Unscoped), installed at Parent/Wiring.swift:4
            CollChildRoot  root · CollChild, Child/Root.swift:1
            ├── [String]  collection element · CollChild, Child/Wiring.swift:1
            ├── [String]  collection element · exposed by ChildCollPMod · ChildCollPMod, Child/PrivateModule.swift:1
            ├── [String]  collection element · CollParent, Parent/Wiring.swift:1
            ├── [String]  collection element · exposed by ParentCollPMod · ParentCollPMod, Parent/PrivateModule.swift:1
            ├── [String]  collection element · exposed by ParentCollPMod · ParentCollPMod, Parent/PrivateModule.swift:3
            ├── [String: String]  map entry "child" · CollChild, Child/Wiring.swift:3
            ├── [String: String]  map entry "parent" · CollParent, Parent/Wiring.swift:2
            └── [String: String]  map entry "private-parent" · exposed by ParentCollPMod · ParentCollPMod, Parent/PrivateModule.swift:2

            Private module ChildCollPMod:
              exposes [String]
              keeps nothing

            """)
    }

    /// A private module that exposes two contributions to one collection names the collection's
    /// type once in the text's boundary section.
    @Test func theTextNamesEachExposedTypeOncePerPrivateModule() throws {
        let text = try ComponentFactory.of(CollParent.self).graph.rendered(as: .text)
        #expect(text.contains("""

            Private module ParentCollPMod:
              exposes [String], [String: String]
              keeps nothing

            """))
    }

    /// DOT draws the child's collection edges in build order.
    @Test func dotDrawsTheChildsCollectionEdgesInBuildOrder() throws {
        let dot = try ComponentFactory.of(CollParent.self).graph.rendered(as: .dot)
        #expect(dot == #"""
            digraph "CollParent" {
                rankdir=LR;
                node [shape=box, fontname="Helvetica", fontsize=11];
                edge [fontname="Helvetica", fontsize=9];
                "Swift.Array<Swift.String>@1" [label="[String]\ncollection element\nCollParent, Parent/Wiring.swift:1"];
                "Swift.Dictionary<Swift.String, Swift.String>[\"parent\"]" [label="[String: String]\nmap entry \"parent\"\nCollParent, Parent/Wiring.swift:2"];
                "Wiring.ComponentFactory<WiringTests.CollChild>" [label="ComponentFactory<CollChild>\nCollParent, Parent/Wiring.swift:4"];
                "root" [label="CollParentRoot\nroot\nCollParent, Parent/Root.swift:1", style=bold];
                subgraph "cluster_private_CollParent_WiringTests.ParentCollPMod" {
                    label="ParentCollPMod (private module)";
                    style=dashed;
                    "Swift.Array<Swift.String>@2" [label="[String]\ncollection element\nexposed by ParentCollPMod\nParentCollPMod, Parent/PrivateModule.swift:1"];
                    "Swift.Dictionary<Swift.String, Swift.String>[\"private-parent\"]" [label="[String: String]\nmap entry \"private-parent\"\nexposed by ParentCollPMod\nParentCollPMod, Parent/PrivateModule.swift:2"];
                    "Swift.Array<Swift.String>@3" [label="[String]\ncollection element\nexposed by ParentCollPMod\nParentCollPMod, Parent/PrivateModule.swift:3"];
                }
                subgraph "cluster_1" {
                    label="CollChild (scope Unscoped)";
                    "CollChild/Swift.Array<Swift.String>@1" [label="[String]\ncollection element\nCollChild, Child/Wiring.swift:1"];
                    "CollChild/Swift.Dictionary<Swift.String, Swift.String>[\"child\"]" [label="[String: String]\nmap entry \"child\"\nCollChild, Child/Wiring.swift:3"];
                    "CollChild/root" [label="CollChildRoot\nroot\nCollChild, Child/Root.swift:1", style=bold];
                    subgraph "cluster_private_CollChild_WiringTests.ChildCollPMod" {
                        label="ChildCollPMod (private module)";
                        style=dashed;
                        "CollChild/Swift.Array<Swift.String>@2" [label="[String]\ncollection element\nexposed by ChildCollPMod\nChildCollPMod, Child/PrivateModule.swift:1"];
                    }
                }
                "root" -> "Swift.Array<Swift.String>@1";
                "root" -> "Swift.Array<Swift.String>@2";
                "root" -> "Swift.Array<Swift.String>@3";
                "root" -> "Swift.Dictionary<Swift.String, Swift.String>[\"parent\"]";
                "root" -> "Swift.Dictionary<Swift.String, Swift.String>[\"private-parent\"]";
                "root" -> "Wiring.ComponentFactory<WiringTests.CollChild>";
                "CollChild/root" -> "CollChild/Swift.Array<Swift.String>@1";
                "CollChild/root" -> "CollChild/Swift.Array<Swift.String>@2";
                "CollChild/root" -> "Swift.Array<Swift.String>@1";
                "CollChild/root" -> "Swift.Array<Swift.String>@2";
                "CollChild/root" -> "Swift.Array<Swift.String>@3";
                "CollChild/root" -> "CollChild/Swift.Dictionary<Swift.String, Swift.String>[\"child\"]";
                "CollChild/root" -> "Swift.Dictionary<Swift.String, Swift.String>[\"parent\"]";
                "CollChild/root" -> "Swift.Dictionary<Swift.String, Swift.String>[\"private-parent\"]";
            }

            """#)
    }

    /// Mermaid draws the child's collection edges in build order.
    @Test func mermaidDrawsTheChildsCollectionEdgesInBuildOrder() throws {
        let mermaid = try ComponentFactory.of(CollParent.self).graph.rendered(as: .mermaid)
        #expect(mermaid == """
            flowchart LR
                n0["[String]<br/>collection element"]
                n1["[String: String]<br/>map entry #quot;parent#quot;"]
                n5["ComponentFactory#lt;CollChild#gt;"]
                n6["CollParentRoot<br/>root"]
                subgraph s1 ["ParentCollPMod (private module)"]
                    n2["[String]<br/>collection element<br/>exposed by ParentCollPMod"]
                    n3["[String: String]<br/>map entry #quot;private-parent#quot;<br/>exposed by ParentCollPMod"]
                    n4["[String]<br/>collection element<br/>exposed by ParentCollPMod"]
                end
                subgraph s2 ["CollChild"]
                    n7["[String]<br/>collection element"]
                    n9["[String: String]<br/>map entry #quot;child#quot;"]
                    n10["CollChildRoot<br/>root"]
                    subgraph s3 ["ChildCollPMod (private module)"]
                        n8["[String]<br/>collection element<br/>exposed by ChildCollPMod"]
                    end
                end
                n6 --> n0
                n6 --> n2
                n6 --> n4
                n6 --> n1
                n6 --> n3
                n6 --> n5
                n10 --> n7
                n10 --> n8
                n10 --> n0
                n10 --> n2
                n10 --> n4
                n10 --> n9
                n10 --> n1
                n10 --> n3

            """)
    }

    /// The JSON document lists the child's collection and map edges in build order.
    @Test func jsonListsTheChildsCollectionInBuildOrder() throws {
        let json = try ComponentFactory.of(CollParent.self).graph.rendered(as: .json)
        #expect(json == #"""
            {
              "bindings" : [
                {
                  "effects" : [

                  ],
                  "id" : "Swift.Array<Swift.String>@1",
                  "isCollection" : true,
                  "isOverride" : false,
                  "kind" : "contribution",
                  "location" : {
                    "fileID" : "Parent/Wiring.swift",
                    "line" : 1
                  },
                  "module" : "WiringTests.CollParent",
                  "name" : "[String]",
                  "type" : "Swift.Array<Swift.String>"
                },
                {
                  "effects" : [

                  ],
                  "id" : "Swift.Dictionary<Swift.String, Swift.String>[\"parent\"]",
                  "isCollection" : true,
                  "isOverride" : false,
                  "kind" : "contribution",
                  "location" : {
                    "fileID" : "Parent/Wiring.swift",
                    "line" : 2
                  },
                  "mapKey" : "\"parent\"",
                  "mapRole" : "entry",
                  "module" : "WiringTests.CollParent",
                  "name" : "[String: String]",
                  "type" : "Swift.Dictionary<Swift.String, Swift.String>"
                },
                {
                  "effects" : [

                  ],
                  "exposedFrom" : "WiringTests.ParentCollPMod",
                  "id" : "Swift.Array<Swift.String>@2",
                  "isCollection" : true,
                  "isOverride" : false,
                  "kind" : "contribution",
                  "location" : {
                    "fileID" : "Parent/PrivateModule.swift",
                    "line" : 1
                  },
                  "module" : "WiringTests.ParentCollPMod",
                  "name" : "[String]",
                  "type" : "Swift.Array<Swift.String>"
                },
                {
                  "effects" : [

                  ],
                  "exposedFrom" : "WiringTests.ParentCollPMod",
                  "id" : "Swift.Dictionary<Swift.String, Swift.String>[\"private-parent\"]",
                  "isCollection" : true,
                  "isOverride" : false,
                  "kind" : "contribution",
                  "location" : {
                    "fileID" : "Parent/PrivateModule.swift",
                    "line" : 2
                  },
                  "mapKey" : "\"private-parent\"",
                  "mapRole" : "entry",
                  "module" : "WiringTests.ParentCollPMod",
                  "name" : "[String: String]",
                  "type" : "Swift.Dictionary<Swift.String, Swift.String>"
                },
                {
                  "effects" : [

                  ],
                  "exposedFrom" : "WiringTests.ParentCollPMod",
                  "id" : "Swift.Array<Swift.String>@3",
                  "isCollection" : true,
                  "isOverride" : false,
                  "kind" : "contribution",
                  "location" : {
                    "fileID" : "Parent/PrivateModule.swift",
                    "line" : 3
                  },
                  "module" : "WiringTests.ParentCollPMod",
                  "name" : "[String]",
                  "type" : "Swift.Array<Swift.String>"
                },
                {
                  "effects" : [

                  ],
                  "id" : "Wiring.ComponentFactory<WiringTests.CollChild>",
                  "isCollection" : false,
                  "isOverride" : false,
                  "kind" : "unique",
                  "location" : {
                    "fileID" : "Parent/Wiring.swift",
                    "line" : 4
                  },
                  "module" : "WiringTests.CollParent",
                  "name" : "ComponentFactory<CollChild>",
                  "type" : "Wiring.ComponentFactory<WiringTests.CollChild>"
                },
                {
                  "effects" : [

                  ],
                  "id" : "root",
                  "isCollection" : false,
                  "isOverride" : false,
                  "kind" : "root",
                  "location" : {
                    "fileID" : "Parent/Root.swift",
                    "line" : 1
                  },
                  "module" : "WiringTests.CollParent",
                  "name" : "CollParentRoot",
                  "type" : "WiringTests.CollParentRoot"
                }
              ],
              "component" : "CollParent",
              "dependencies" : [
                {
                  "from" : "root",
                  "kind" : "instance",
                  "parameter" : "[String]",
                  "to" : [
                    "Swift.Array<Swift.String>@1",
                    "Swift.Array<Swift.String>@2",
                    "Swift.Array<Swift.String>@3"
                  ]
                },
                {
                  "from" : "root",
                  "kind" : "instance",
                  "parameter" : "[String: String]",
                  "to" : [
                    "Swift.Dictionary<Swift.String, Swift.String>[\"parent\"]",
                    "Swift.Dictionary<Swift.String, Swift.String>[\"private-parent\"]"
                  ]
                },
                {
                  "from" : "root",
                  "kind" : "instance",
                  "parameter" : "ComponentFactory<CollChild>",
                  "to" : [
                    "Wiring.ComponentFactory<WiringTests.CollChild>"
                  ]
                }
              ],
              "modules" : [
                {
                  "includedBy" : "WiringTests.CollParent",
                  "location" : {
                    "fileID" : "Parent/Wiring.swift",
                    "line" : 3
                  },
                  "module" : "WiringTests.ParentCollPMod"
                }
              ],
              "root" : "root",
              "schemaVersion" : 1,
              "scope" : "Wiring.Singleton",
              "subcomponents" : [
                {
                  "bindings" : [
                    {
                      "effects" : [

                      ],
                      "id" : "CollChild/Swift.Array<Swift.String>@1",
                      "isCollection" : true,
                      "isOverride" : false,
                      "kind" : "contribution",
                      "location" : {
                        "fileID" : "Child/Wiring.swift",
                        "line" : 1
                      },
                      "module" : "WiringTests.CollChild",
                      "name" : "[String]",
                      "type" : "Swift.Array<Swift.String>"
                    },
                    {
                      "effects" : [

                      ],
                      "exposedFrom" : "WiringTests.ChildCollPMod",
                      "id" : "CollChild/Swift.Array<Swift.String>@2",
                      "isCollection" : true,
                      "isOverride" : false,
                      "kind" : "contribution",
                      "location" : {
                        "fileID" : "Child/PrivateModule.swift",
                        "line" : 1
                      },
                      "module" : "WiringTests.ChildCollPMod",
                      "name" : "[String]",
                      "type" : "Swift.Array<Swift.String>"
                    },
                    {
                      "effects" : [

                      ],
                      "id" : "CollChild/Swift.Dictionary<Swift.String, Swift.String>[\"child\"]",
                      "isCollection" : true,
                      "isOverride" : false,
                      "kind" : "contribution",
                      "location" : {
                        "fileID" : "Child/Wiring.swift",
                        "line" : 3
                      },
                      "mapKey" : "\"child\"",
                      "mapRole" : "entry",
                      "module" : "WiringTests.CollChild",
                      "name" : "[String: String]",
                      "type" : "Swift.Dictionary<Swift.String, Swift.String>"
                    },
                    {
                      "effects" : [

                      ],
                      "id" : "CollChild/root",
                      "isCollection" : false,
                      "isOverride" : false,
                      "kind" : "root",
                      "location" : {
                        "fileID" : "Child/Root.swift",
                        "line" : 1
                      },
                      "module" : "WiringTests.CollChild",
                      "name" : "CollChildRoot",
                      "type" : "WiringTests.CollChildRoot"
                    }
                  ],
                  "component" : "CollChild",
                  "dependencies" : [
                    {
                      "from" : "CollChild/root",
                      "kind" : "instance",
                      "parameter" : "[String]",
                      "to" : [
                        "CollChild/Swift.Array<Swift.String>@1",
                        "CollChild/Swift.Array<Swift.String>@2",
                        "Swift.Array<Swift.String>@1",
                        "Swift.Array<Swift.String>@2",
                        "Swift.Array<Swift.String>@3"
                      ]
                    },
                    {
                      "from" : "CollChild/root",
                      "kind" : "instance",
                      "parameter" : "[String: String]",
                      "to" : [
                        "CollChild/Swift.Dictionary<Swift.String, Swift.String>[\"child\"]",
                        "Swift.Dictionary<Swift.String, Swift.String>[\"parent\"]",
                        "Swift.Dictionary<Swift.String, Swift.String>[\"private-parent\"]"
                      ]
                    }
                  ],
                  "installedAt" : {
                    "fileID" : "Parent/Wiring.swift",
                    "line" : 4
                  },
                  "modules" : [
                    {
                      "includedBy" : "WiringTests.CollChild",
                      "location" : {
                        "fileID" : "Child/Wiring.swift",
                        "line" : 2
                      },
                      "module" : "WiringTests.ChildCollPMod"
                    }
                  ],
                  "root" : "CollChild/root",
                  "schemaVersion" : 1,
                  "scope" : "Wiring.Unscoped",
                  "subcomponents" : [

                  ]
                }
              ]
            }

            """#)
    }
}

// MARK: - Fixtures

private struct ParentCollPMod: PrivateModule {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(String.self, file: "Parent/PrivateModule.swift", line: 1).intoCollection().to(value: "private-parent-item")
        binder.bind(String.self, file: "Parent/PrivateModule.swift", line: 2).intoMap(key: "private-parent").to(value: "private-parent-entry")
        binder.bind(String.self, file: "Parent/PrivateModule.swift", line: 3).intoCollection().to(value: "hidden-parent-item")
        binder.expose(collectionOf: String.self, file: "Parent/PrivateModule.swift", line: 4)
        binder.expose(map: [String: String].self, file: "Parent/PrivateModule.swift", line: 5)
    }
}

private struct ChildCollPMod: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self, file: "Child/PrivateModule.swift", line: 1).intoCollection().to(value: "private-child-item")
        binder.expose(collectionOf: String.self, file: "Child/PrivateModule.swift", line: 2)
    }
}

private struct CollParentRoot {
    let items: [String]
    let entries: [String: String]
    let child: ComponentFactory<CollChild>
}

private struct CollChildRoot {
    let items: [String]
    let entries: [String: String]
}

private struct CollChild: Component {
    typealias Root = CollChildRoot
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self, file: "Child/Wiring.swift", line: 1).intoCollection().to(value: "child-item")
        binder.include(module: ChildCollPMod.self, file: "Child/Wiring.swift", line: 2)
        binder.bind(String.self, file: "Child/Wiring.swift", line: 3).intoMap(key: "child").to(value: "child-entry")
    }
    static func configureRoot(binder bind: ReceiptBinder<CollChildRoot>) -> BindingReceipt<CollChildRoot> {
        bind.to(file: "Child/Root.swift", line: 1, factory: CollChildRoot.init)
    }
}

private struct CollParent: RootComponent {
    typealias Root = CollParentRoot
    static func configure(binder: Binder<Singleton>) {
        binder.bind(String.self, file: "Parent/Wiring.swift", line: 1).intoCollection().to(value: "parent-item")
        binder.bind(String.self, file: "Parent/Wiring.swift", line: 2).intoMap(key: "parent").to(value: "parent-entry")
        binder.include(module: ParentCollPMod.self, file: "Parent/Wiring.swift", line: 3)
        binder.install(dependency: CollChild.self, file: "Parent/Wiring.swift", line: 4)
    }
    static func configureRoot(binder bind: ReceiptBinder<CollParentRoot>) -> BindingReceipt<CollParentRoot> {
        bind.to(file: "Parent/Root.swift", line: 1, factory: CollParentRoot.init)
    }
}
#endif
