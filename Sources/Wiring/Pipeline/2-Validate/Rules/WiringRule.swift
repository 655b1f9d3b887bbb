/// Rule 2 of wiring libraries: a wiring library binds only the types of its sibling library.
///
/// A module's wiring library is the Swift module that declares the module type; the sibling of
/// `FooWiring` is `Foo`, and `FakeFooWiring` may bind the types of `FakeFoo` and of `Foo`. A
/// binding to an implementation of the sibling (`bind((any P).self).to(SiblingType.self) { $0 }`)
/// belongs to the sibling too: the wiring library of an adapter binds the port it implements.
/// Only modules declared in a Swift module whose name ends in `Wiring` are checked. A map's
/// declarations are not: a map is a registry that the wiring libraries of many features
/// contribute entries to, under the port type of the library that owns it. Nor is an `expose`:
/// the private binding it exposes is.
enum WiringRule: GraphRule {
    static var kind: Diagnostic.Kind { .wiringRule }
    static var option: ValidationRules? { .siblingBindingsOnly }

    static func diagnose(_ context: GraphRuleContext) -> [Diagnostic] {
        let graph = context.graph
        return graph.declarations.compactMap { declaration in
            let module = declaration.declaringModule
            guard declaration.role == .unique || declaration.role == .contribution, !declaration.isSubcomponentFactory,
                  declaration.mapRole == nil, !graph.isExposure(declaration),
                  let wiringLibrary = TypeName.module(of: module),
                  let siblings = Self.siblings(ofWiringLibrary: wiringLibrary),
                  let owner = Self.owner(of: declaration),
                  let home = TypeName.module(of: owner),
                  !siblings.contains(home),
                  !Self.isImplementedBySibling(declaration, siblings: siblings, graph) else { return nil }
            return diagnostic(declaration, module: module, wiringLibrary: wiringLibrary, sibling: siblings[0], owner: owner, home: home, graph)
        }
    }

    /// The libraries a wiring library may bind: `["Foo"]` for `FooWiring`, `["FakeFoo", "Foo"]`
    /// for `FakeFooWiring`; nil for a module that is not a wiring library.
    static func siblings(ofWiringLibrary name: String) -> [String]? {
        guard name.hasSuffix("Wiring"), name.count > "Wiring".count else { return nil }
        let sibling = String(name.dropLast("Wiring".count))
        if sibling.hasPrefix("Fake"), sibling.count > "Fake".count {
            return [sibling, String(sibling.dropFirst("Fake".count))]
        }
        return [sibling]
    }

    /// Whether the declaration binds a type to an implementation from one of the siblings.
    private static func isImplementedBySibling(_ declaration: AnyDeclaration, siblings: [String], _ graph: ResolvedGraph) -> Bool {
        guard let implementation = graph.builder.implementations[ObjectIdentifier(declaration)],
              let home = TypeName.module(of: implementation) else { return false }
        return siblings.contains(home)
    }

    /// The type whose library a binding belongs to: its tag when tagged, the element type of a
    /// collection contribution, the bound type otherwise.
    private static func owner(of declaration: AnyDeclaration) -> (any Any.Type)? {
        if let tag = declaration.key.tag { return tag }
        if declaration.role == .contribution { return declaration.elementType }
        return declaration.key.type
    }

    // Cold: the marked functions write the message of a diagnostic, which runs only for an invalid
    // graph. `@_optimize(none)` here and below keeps the optimiser off it (Benchmarks/README.md,
    // "Cold code, not optimised").
    @_optimize(none)
    private static func diagnostic(
        _ declaration: AnyDeclaration, module: any Any.Type, wiringLibrary: String, sibling: String,
        owner: any Any.Type, home: String, _ graph: ResolvedGraph
    ) -> Diagnostic {
        let moduleName = TypeName.of(module)
        // A type the wiring library declares itself breaks rule 1 (no business types in a wiring
        // library): moving the binding would not help, moving the type would.
        if home == wiringLibrary {
            let message = """
                \(moduleName) in \(wiringLibrary) binds \(declaration.key.displayName), which \(wiringLibrary) declares itself: a wiring library holds bindings, and the types it binds belong to its sibling library (\(sibling)).
                  bound \(graph.place(of: declaration))
                  To fix this, move \(TypeName.of(owner)) to \(sibling), the library \(wiringLibrary) wires, or check this graph without the wiring rules (rules: []).
                """
            return Diagnostic(kind: .wiringRule, message: message, location: declaration.location)
        }
        // A type of the standard library or of the system has no wiring library that an app
        // could write (no `SwiftWiring`): the fixes keep the binding where it is.
        if isSystemModule(home) {
            let ownerName = TypeName.of(owner)
            let message = """
                \(moduleName) in \(wiringLibrary) binds \(declaration.key.displayName), a type of \(home), which belongs to no library of the app: a wiring library binds only the types of its sibling library (\(sibling)).
                  bound \(graph.place(of: declaration))
                  To fix this, declare in \(sibling) a type that holds the \(ownerName) (a struct with a property of type \(ownerName)) and bind it instead, or check this graph without the wiring rules (rules: []).
                """
            return Diagnostic(kind: .wiringRule, message: message, location: declaration.location)
        }
        let message = """
            \(moduleName) in \(wiringLibrary) binds \(declaration.key.displayName), a type of \(home): a wiring library binds only the types of its sibling library (\(sibling)).
              bound \(graph.place(of: declaration))
              To fix this, move this binding to \(home)Wiring.
            """
        return Diagnostic(kind: .wiringRule, message: message, location: declaration.location)
    }

    /// Whether a Swift module is the standard library's or the system's, whose types belong to
    /// no library of an app: one whose name starts with `_` (`_Concurrency`, `__C` for the types
    /// imported from C), or one of the toolchain's and the SDKs' that apps bind types of.
    /// (`Network` is not among them: a library of the app's may have that name.)
    @_optimize(none)
    static func isSystemModule(_ name: String) -> Bool {
        name.hasPrefix("_") || systemModules.contains(name)
    }

    /// The modules of ``isSystemModule(_:)`` named one by one.
    private static let systemModules: Set<String> = [
        // The toolchain's, on every platform.
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
        "FoundationXML", "Dispatch", "Distributed", "Observation", "RegexBuilder", "Synchronization", "Testing", "XCTest",
        // The C libraries the toolchain imports.
        "Darwin", "Glibc", "Musl", "Android", "Bionic", "WASILibc", "WinSDK", "ucrt", "CRT",
        // Apple's SDKs.
        "ObjectiveC", "CoreFoundation", "CoreGraphics", "Combine", "SwiftUI", "UIKit", "AppKit", "SwiftData", "CoreData",
        "os", "OSLog", "CryptoKit", "Security", "StoreKit", "MapKit", "CoreLocation", "AVFoundation", "WebKit",
    ]
}
