import Testing

/// Misuse the type checker sees gets a sentence that says what is wrong and how to fix it, not a
/// generic requirement ("requires that 'Unscoped' conform to 'Scope'", "requires the types
/// 'Singleton' and 'Unscoped' be equivalent", "no exact matches in call to instance method
/// 'to'"). Each test type-checks a snippet against the Wiring module this run built and expects
/// exactly one error, on the line marked `// rejected`, with the whole message.
@Suite(.serialized)
struct MisuseMessageTests {
    static let sharedInScope = "'sharedInScope()' is unavailable: sharedInScope() shares a value in the binder's scope, and this binder is Binder<Unscoped>, which has none: an unscoped module makes a new value for each request. To share it, bind it in a module whose configure takes Binder<Singleton> (shared by the root component) or Binder<SomeScope> (shared by that subcomponent), or remove sharedInScope()."
    static let include = "'include(module:file:line:)' is unavailable: this module's scope does not fit this binder: a binder includes Unscoped modules and modules of its own scope. A module whose configure takes Binder<Singleton> belongs in the root component (or another Singleton module), one of a subcomponent's scope in that subcomponent. To fix this, include the module where its scope is, give the including module's configure the same Binder<Scope>, or make the module's configure take Binder<Unscoped> if nothing in it is shared."
    /// A builder of `bind()` takes no location: the binding's is its `bind()` call's.
    static let optionalFactory = "'to(factory:)' is unavailable: this factory returns an optional, which cannot make the bound type; a failable initialiser (init?(coder:), init?(rawValue:)) is the usual cause. To fix this, pass an initialiser that cannot fail, for example in a closure that names its parameters, { (name: String) in T(name: name) }, or bind the optional type, bind(T?.self), if nil is a value to inject."
    /// A root's `ReceiptBinder` has no `bind()` call, so its terminals take one.
    static let rootsOptionalFactory = "'to(file:line:factory:)' is unavailable: this factory returns an optional, which cannot make the bound type; a failable initialiser (init?(coder:), init?(rawValue:)) is the usual cause. To fix this, pass an initialiser that cannot fail, for example in a closure that names its parameters, { (name: String) in T(name: name) }, or bind the optional type, bind(T?.self), if nil is a value to inject."
    static let locatedTerminal = "'to(file:line:factory:)' is unavailable: the terminals of bind() take no location: a binding's location is its bind() call's. To fix this, pass file: and line: to bind, as in binder.bind(T.self, file: file, line: line).to(factory: T.init)."

    @Test func sharedInScopeOnAnUnscopedBinder() throws {
        try expectError(Self.sharedInScope, in: """
            import Wiring
            struct Clock {}
            struct ClockModule: Module {
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Clock.self).sharedInScope().to(factory: Clock.init) // rejected
                }
            }
            """)
    }

    @Test func sharedInScopeOnAMapEntryOfAnUnscopedBinder() throws {
        try expectError(Self.sharedInScope, in: """
            import Wiring
            struct RoutesModule: Module {
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Int.self).intoMap(key: "home").sharedInScope().to(value: 1) // rejected
                }
            }
            """)
    }

    @Test func aSingletonModuleIncludedByAnUnscopedBinder() throws {
        try expectError(Self.include, in: """
            import Wiring
            struct LedgerModule: Module {
                static func configure(binder: Binder<Singleton>) {}
            }
            struct AppModule: Module {
                static func configure(binder: Binder<Unscoped>) {
                    binder.include(module: LedgerModule.self) // rejected
                }
            }
            """)
    }

    @Test func aSubcomponentsModuleIncludedByTheRootsBinder() throws {
        try expectError(Self.include, in: """
            import Wiring
            struct SessionScope: Scope {}
            struct SessionModule: PrivateModule {
                static func configure(binder: Binder<SessionScope>) {}
            }
            struct AppModule: Module {
                static func configure(binder: Binder<Singleton>) {
                    binder.include(module: SessionModule.self) // rejected
                }
            }
            """)
    }

    @Test func aFailableInitialiserAsAFactory() throws {
        try expectError(Self.optionalFactory, in: """
            import Wiring
            final class LoginViewController {
                init?(coder: Int) {}
            }
            struct LoginModule: Module {
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(LoginViewController.self).to(factory: LoginViewController.init) // rejected
                }
            }
            """)
    }

    @Test func aFailableInitialiserAsTheRootsFactory() throws {
        try expectError(Self.rootsOptionalFactory, in: """
            import Wiring
            final class LoginViewController {
                init?(coder: Int) {}
            }
            struct AppRoot: RootComponent {
                typealias Root = LoginViewController
                static func configure(binder: Binder<Singleton>) {
                    binder.bind(Int.self).to(value: 0)
                }
                static func configureRoot(binder bind: ReceiptBinder<LoginViewController>) -> BindingReceipt<LoginViewController> {
                    bind.to(factory: LoginViewController.init) // rejected
                }
            }
            """)
    }

    @Test func aLocationPassedToTheTerminalOfBind() throws {
        try expectError(Self.locatedTerminal, in: """
            import Wiring
            final class Clock {
                init() {}
            }
            struct ClockModule: Module {
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Clock.self).to(file: "App/Clock.swift", line: 3, factory: Clock.init) // rejected
                }
            }
            """)
    }

    /// Expects `source` to fail with exactly one error, `message`, on its line marked
    /// `// rejected`.
    private func expectError(_ message: String, in source: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let marked = lines.indices.filter { lines[$0].hasSuffix("// rejected") }.map { $0 + 1 }
        try #require(marked.count == 1, "the snippet must mark one line `// rejected`", sourceLocation: sourceLocation)
        let result = try SnippetTypecheck.run(source)
        #expect(result.status != 0, "swiftc accepted the snippet", sourceLocation: sourceLocation)
        #expect(result.errors == [SnippetTypecheck.Error(line: marked[0], message: message)], "\(result.output)", sourceLocation: sourceLocation)
    }
}
