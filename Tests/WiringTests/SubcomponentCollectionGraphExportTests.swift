// Reads Wiring's internals (`@testable import`), so it is compiled only where Wiring has
// testability and `DEBUG` is set: a debug build, and Scripts/test-thread-sanitizer's build under
// AddressSanitizer. Scripts/test's release build is a user's release build, without testability.
#if DEBUG
import Foundation
import Testing
@testable import Wiring

/// The graph export of a parent and a child that each contribute to a collection and a map,
/// some of it through a private module.
struct SubcomponentCollectionGraphExportTests {
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
