@testable import LinkedWiringScanner
import Testing

/// How the catalog reads a module's scope when it is not spelled `Unscoped` or `Singleton`: a
/// typealias of the library that names one is followed, a scope type of the library keeps the
/// module out quietly, and any other name keeps it out with a warning at its declaration.
struct ModuleCatalogScopeTests {
    /// The plan of the library `CoreWiring`, whose files must raise no problem.
    private func plan(_ files: [String: String]) throws -> LinkedWiringPlan {
        let (plan, problems) = try catalogPlan(files, library: "CoreWiring")
        try #require(problems.isEmpty)
        return plan
    }

    /// The warning for `CoreWiring.StoreModule` declared at `file:line:1`, whose scope is written `scope`.
    private static func unreadable(_ scope: String, file: String = "CoreWiring/CoreModule.swift", line: Int) -> String {
        "\(file):\(line):1: warning: LinkedWiring: the module CoreWiring.StoreModule is left out of LinkedWiring because it cannot "
            + "read its scope, \(scope): that is neither Unscoped nor Singleton, nor a typealias of one that it can follow (declared once, "
            + "outside every type, not generic, not under #if), nor a type of CoreWiring that conforms to Scope. To fix this, spell "
            + "the scope Singleton or Unscoped (Binder<Singleton>, or typealias Scope = Singleton), or, if the module belongs to a "
            + "subcomponent or is meant to be included by hand, mark it `// linked-wiring: exclude` on the line above its "
            + "declaration and include it yourself."
    }

    /// `typealias AppScope = Singleton` and `Binder<AppScope>`: the module is a singleton one,
    /// included like one that writes `Binder<Singleton>`.
    @Test func aTypealiasOfSingletonIsFollowedToSingleton() throws {
        let plan = try plan(["CoreWiring/CoreModule.swift": """
            import Wiring
            public typealias AppScope = Singleton
            public struct StoreModule: Module {
                public static func configure(binder: Binder<AppScope>) {}
            }
            """])
        #expect(plan.included.map(\.reference) == ["CoreWiring.StoreModule"])
        #expect(plan.included.map(\.scope) == [.singleton])
        #expect(plan.leftOut == [])
        #expect(plan.warnings == [])
    }

    /// `typealias Plain = Wiring.Unscoped` and `Binder<Plain>`: the module is an unscoped one.
    @Test func aTypealiasOfQualifiedUnscopedIsFollowedToUnscoped() throws {
        let plan = try plan(["CoreWiring/CoreModule.swift": """
            import Wiring
            public typealias Plain = Wiring.Unscoped
            public struct StoreModule: Module {
                public static func configure(binder: Binder<Plain>) {}
            }
            """])
        #expect(plan.included.map(\.scope) == [.unscoped])
        #expect(plan.leftOut == [])
        #expect(plan.warnings == [])
    }

    /// `typealias Scope = AppScope` in the module, with `Binder<Scope>`: its scope is what
    /// `AppScope` names.
    @Test func aModulesScopeAliasOfALibraryAliasIsFollowed() throws {
        let plan = try plan(["CoreWiring/CoreModule.swift": """
            import Wiring
            public typealias AppScope = Singleton
            public struct StoreModule: Module {
                public typealias Scope = AppScope
                public static func configure(binder: Binder<Scope>) {}
            }
            """])
        #expect(plan.included.map(\.scope) == [.singleton])
        #expect(plan.warnings == [])
    }

    /// An alias of an alias of `Wiring.Singleton`, the first qualified with the library's name,
    /// is followed to the end of the chain.
    @Test func aChainOfTypealiasesIsFollowed() throws {
        let plan = try plan(["CoreWiring/CoreModule.swift": """
            import Wiring
            public typealias Base = Wiring.Singleton
            public typealias Middle = Base
            public typealias AppScope = CoreWiring.Middle
            public struct StoreModule: Module {
                public static func configure(binder: Binder<AppScope>) {}
            }
            """])
        #expect(plan.included.map(\.scope) == [.singleton])
        #expect(plan.warnings == [])
    }

    /// The alias may be declared in any file of the library.
    @Test func aTypealiasInAnotherFileIsFollowed() throws {
        let plan = try plan([
            "CoreWiring/CoreModule.swift": """
                import Wiring
                public struct StoreModule: Module {
                    public static func configure(binder: Binder<AppScope>) {}
                }
                """,
            "CoreWiring/Scopes.swift": """
                import Wiring
                public typealias AppScope = Unscoped
                """,
        ])
        #expect(plan.included.map(\.scope) == [.unscoped])
        #expect(plan.warnings == [])
    }

    /// A typealias whose name a type or another typealias of the library also has is not
    /// followed: where a module writes the name, it may mean the other one (as `VisitModule`
    /// means the scope type nested beside it), and the scan does not look names up scope by
    /// scope, so it follows neither, even where the top-level one is meant (`StoreModule`).
    @Test func aTypealiasWhoseNameIsDeclaredTwiceIsNotFollowed() throws {
        let plan = try plan(["CoreWiring/CoreModule.swift": """
            import Wiring
            public typealias AppScope = Singleton
            public typealias Plain = Unscoped
            public enum Visit {
                public struct AppScope: Scope {}
                public struct VisitModule: Module {
                    public static func configure(binder: Binder<AppScope>) {}
                }
            }
            public enum Other {
                public typealias Plain = Visit.AppScope
            }
            public struct StoreModule: Module {
                public static func configure(binder: Binder<Plain>) {}
            }
            """])
        #expect(plan.included == [])
        #expect(plan.leftOut.map(\.name) == ["CoreWiring.StoreModule", "CoreWiring.Visit.VisitModule"])
        #expect(plan.warnings.map(\.description) == [Self.unreadable("Plain", line: 13)])
    }

    /// A scope type of the library (one that conforms to `Scope`, in its declaration or an
    /// extension, or an alias of one) is a subcomponent's: its modules are left out with no
    /// warning.
    @Test func aScopeTypeOfTheLibraryLeavesItsModulesOutQuietly() throws {
        let plan = try plan(["CoreWiring/CoreModule.swift": """
            import Wiring
            public struct SessionScope: Wiring.Scope {}
            public enum VisitScope {}
            extension VisitScope: Scope {}
            public typealias Current = SessionScope
            public struct SessionModule: Module {
                public static func configure(binder: Binder<SessionScope>) {}
            }
            public struct VisitModule: Module {
                public typealias Scope = VisitScope
                public static func configure(binder: Binder<Scope>) {}
            }
            public struct CurrentModule: Module {
                public static func configure(binder: Binder<Current>) {}
            }
            """])
        #expect(plan.included == [])
        #expect(plan.leftOut == [
            LeftOutModule(
                name: "CoreWiring.CurrentModule", location: "CoreWiring/CoreModule.swift:13",
                reason: "its scope is Current: include it in the subcomponent of that scope"
            ),
            LeftOutModule(
                name: "CoreWiring.SessionModule", location: "CoreWiring/CoreModule.swift:6",
                reason: "its scope is SessionScope: include it in the subcomponent of that scope"
            ),
            LeftOutModule(
                name: "CoreWiring.VisitModule", location: "CoreWiring/CoreModule.swift:9",
                reason: "its scope is VisitScope: include it in the subcomponent of that scope"
            ),
        ])
        #expect(plan.warnings == [])
    }

    /// A scope named from another module (here a typealias of the core library `Core`, which the
    /// scan of `CoreWiring` does not see) may be `Singleton`: the module is left out with a
    /// warning at its declaration that names it, the scope and the fixes, and the plan says the
    /// module may bind what the root needs.
    @Test func aScopeItCannotReadIsAWarningAtTheModule() throws {
        let plan = try plan(["CoreWiring/CoreModule.swift": """
            import Wiring
            import Core

            public struct StoreModule: Module {
                public static func configure(binder: Binder<Core.AppScope>) {}
            }
            """])
        #expect(plan.included == [])
        #expect(plan.leftOut == [LeftOutModule(
            name: "CoreWiring.StoreModule", location: "CoreWiring/CoreModule.swift:4",
            reason: "its scope Core.AppScope is not one LinkedWiring can read; spell it Singleton or Unscoped, or mark the module // linked-wiring: exclude",
            scopeIsUnread: true
        )])
        #expect(plan.warnings.map(\.description) == [Self.unreadable("Core.AppScope", line: 4)])
    }

    /// An alias under `#if` may name another type in another build: it is not followed, and the
    /// module is left out with the warning.
    @Test func aTypealiasUnderIfIsNotFollowed() throws {
        let plan = try plan(["CoreWiring/CoreModule.swift": """
            import Wiring
            #if DEBUG
            public typealias AppScope = Singleton
            #endif
            public struct StoreModule: Module {
                public static func configure(binder: Binder<AppScope>) {}
            }
            """])
        #expect(plan.included == [])
        #expect(plan.warnings.map(\.description) == [Self.unreadable("AppScope", line: 5)])
    }

    /// A module whose scope it cannot read but that another module of the library includes
    /// reaches the root through that one: no warning, and nothing for the graph checks to fear.
    @Test func aModuleTheLibraryIncludesGetsNoScopeWarning() throws {
        let plan = try plan(["CoreWiring/CoreModule.swift": """
            import Wiring
            import Core
            public struct StoreModule: Module {
                public static func configure(binder: Binder<Core.AppScope>) {}
            }
            public struct AppModule: Module {
                public static func configure(binder: Binder<Singleton>) {
                    binder.include(module: StoreModule.self)
                }
            }
            """])
        #expect(plan.included.map(\.reference) == ["CoreWiring.AppModule"])
        #expect(plan.leftOut.map(\.scopeIsUnread) == [false])
        #expect(plan.warnings == [])
    }

    /// A module left out for a scope the scan cannot read may bind what the graph lacks: the
    /// missing-binding check says nothing rather than blame the module that asks for it.
    @Test func aModuleLeftOutForAnUnreadScopeStandsTheMissingBindingCheckDown() throws {
        let problems = try TypedGraphCheckTests().check(
            """
                    binder.bind(Service.self).to(factory: Service.init)
            """,
            extra: """
                public typealias AppScope = Core.AppScope
                public struct StoreModule: Module {
                    public static func configure(binder: Binder<AppScope>) {
                        binder.bind(Store.self).to(factory: Store.init)
                    }
                }
                """
        )
        #expect(problems == [])
    }
}
