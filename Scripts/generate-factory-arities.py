#!/usr/bin/env python3
"""Writes the fixed-arity terminals of `to(factory:)` and of assisted factories.

`to(factory:)` takes a factory of any arity through one parameter-pack overload. Composed
closures over parameter packs run about twice as slow as fixed-arity ones, so the common
arities get a fixed-arity overload each; Swift prefers those over the pack overload.

Files written, under Sources/Wiring:
- Binding/Generated/BindingRecipe+Factories.swift: for each arity, the recipe a factory makes
  (what it asks for, and how its resolver is linked), written once.
- Binding/Generated/BindingBuilder+Factories.swift: the terminals of `BindingBuilder`, which
  every `binder.bind(...)` returns.
- Binding/Generated/PreferredTerminals+Factories.swift: the same terminals for the other
  builders (`ReceiptBinder`, the collection builders), through `_PreferredTerminals`.
- Binding/Generated/BindToable+Factories.swift: the same terminals for code generic over
  `BindToable`. They are `@_disfavoredOverload`, so on a builder the type checker settles on
  the builder's own terminals without weighing these as well; the builders' own terminals keep
  the precedence over `to(value:)` (also disfavoured) that the protocol's had.
- Assisted/Generated/AssistedFactoryBindingBuilder+SeedLast.swift: assisted factories whose
  seed comes after their dependencies.

`BindingBuilder` has terminals of its own because calling a protocol extension's method on it
needs the runtime metadata of `BindingBuilder<Service, Scope>` and its conformance, which the
module that declares a binding instantiated from mangled names on a process's first
`ComponentFactory.of`: for every binding, half of that `of`. The builder's own method, with the
builder kept to four registers (see `BindingOptions`), needs only the service's metadata. It also
leaves the optimiser less to do in that module. The other builders are used once per component
or per collection contribution, and share one set of terminals through `_PreferredTerminals`.

Every terminal is compiled once, in Wiring, and never specialised for the types of a binding
(`NOT_SPECIALISED`): a binding then adds no generic code to its module, only the call and the
thunk of its factory. Specialised terminals made a resolve of a 6-object graph about 8 % faster
but doubled the release build time of the wiring code (13.3 against about 6 ms per binding for
6,000 bindings; Benchmarks/README.md, scenario 10). The pack overloads, for the rare factories
of more than 16 parameters, stay `@inlinable`: unspecialised parameter packs resolve several
times slower.

Usage: Scripts/generate-factory-arities.py [MAX_FIXED_ARITY]   (default 16)
"""
import pathlib
import sys

MAX = int(sys.argv[1]) if len(sys.argv) > 1 else 16
ROOT = pathlib.Path(__file__).resolve().parent.parent
GENERATED = ROOT / "Sources/Wiring/Binding/Generated"

NOT_SPECIALISED = ['    @_semantics("optimize.sil.specialize.generic.never")', "    @inline(never)"]

DOC = """    /// Binds the result of a factory whose every parameter is resolved from the graph.
    ///
    /// Pass an initialiser (`to(factory: ATMDepositer.init)`) or a closure. Each parameter may be
    /// a bound type `T`, `Provider<T>`, `TaggedProvider<SomeTag>`, `[T]` for a collection binding,
    /// `T?` (nil when `T` is not bound) or `() -> T`.
    ///
    /// - Parameters:
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    ///   - function: The function of the call (kept for Cleanse compatibility).
    ///   - factory: The function that makes the value.
    /// - Returns: The receipt of the binding.
"""


def generics(n: int) -> str:
    return f"<{', '.join(f'P{i}' for i in range(1, n + 1))}>" if n else ""


def factory_type(n: int, result: str) -> str:
    owned = ", ".join(f"consuming P{i}" for i in range(1, n + 1))
    return f"@escaping @Sendable ({owned}) -> {result}"


def recipe(n: int) -> str:
    """The recipe of a factory of arity n: the one place its resolver is composed, in each
    context a binding can be linked in (see `EffectContext`). The factory has no effects of its
    own; a parameter's effects make the binding effectful, and it is then linked in the context
    that runs them."""
    requests = f"DependencyRequest.list({', '.join(f'P{i}.self' for i in range(1, n + 1))})" if n else "[]"
    lines = [f"    /// The recipe of a factory of {n} parameter{'' if n == 1 else 's'}.",
             *NOT_SPECIALISED,
             f"    static func factory{generics(n)}(_ factory: {factory_type(n, 'Input')}, file: StaticString, line: Int) -> Self {{",
             f"        Self(requests: {requests}, carriesEffects: true, file: file, line: line) {{ linker in",
             "            switch linker.context {"]
    contexts = [
        ("synchronous", "resolver", "", "linker.finish {{ instance in factory({args}) }}"),
        ("throwing", "throwingResolver", "try ", "linker.finish(throwing: {{ instance in factory({args}) }})"),
        ("mainActor", "mainActorResolver", "try ", "linker.finish(mainActor: {{ instance in factory({args}) }})"),
        ("async", "asyncResolver", "try await ", "linker.finish(async: {{ instance in factory({args}) }})"),
    ]
    for context, resolver, effect, finish in contexts:
        lines.append(f"            case .{context}:")
        for i in range(1, n + 1):
            lines.append(f"                let r{i} = linker.{resolver}({i - 1}, P{i}.self)")
        args = ", ".join(f"{effect}r{i}(instance)" for i in range(1, n + 1))
        body = finish.format(args=args)
        if not n:
            body = body.replace("{ instance in", "{ _ in")
        lines.append(f"                return {body}")
    lines += ["            }", "        }", "    }"]
    return "\n".join(lines)


def terminal(n: int, disfavored: bool) -> str:
    lines = [DOC.rstrip("\n"),
             *NOT_SPECIALISED,
             "    @discardableResult",
             *(["    @_disfavoredOverload"] if disfavored else []),
             f"    public func to{generics(n)}(",
             "        file: StaticString = #fileID,",
             "        line: Int = #line,",
             "        function: StaticString = #function,",
             f"        factory: {factory_type(n, 'Input')}",
             "    ) -> BindingReceipt<Input> {",
             "        _bind(.factory(factory, file: file, line: line))",
             "    }"]
    return "\n".join(lines)


def pack(disfavored: bool) -> str:
    return DOC.rstrip("\n") + """
    @inlinable
    @discardableResult""" + ("""
    @_disfavoredOverload""" if disfavored else "") + """
    public func to<each P>(
        file: StaticString = #fileID,
        line: Int = #line,
        function: StaticString = #function,
        factory: @escaping @Sendable (repeat consuming each P) -> Input
    ) -> BindingReceipt<Input> {
        _bind(.factory(factory, file: file, line: line))
    }"""


PACK_RECIPE = """    /// The recipe of a factory of any number of parameters. Inlinable, so that it is specialised
    /// where it is used: unspecialised parameter packs resolve several times slower.
    @inlinable
    static func factory<each P>(
        _ factory: @escaping @Sendable (repeat consuming each P) -> Input, file: StaticString, line: Int
    ) -> Self {
        Self(requests: DependencyRequest.list(repeat (each P).self), carriesEffects: true, file: file, line: line) { linker in
            switch linker.context {
            case .synchronous:
                let resolvers = linker.resolvers(repeat (each P).self)
                return linker.finish { instance in factory(repeat (each resolvers)(instance)) }
            case .throwing:
                let resolvers = linker.throwingResolvers(repeat (each P).self)
                return linker.finish(throwing: { instance in factory(repeat try (each resolvers)(instance)) })
            case .mainActor:
                let resolvers = linker.mainActorResolvers(repeat (each P).self)
                return linker.finish(mainActor: { instance in factory(repeat try (each resolvers)(instance)) })
            case .async:
                let resolvers = linker.asyncResolvers(repeat (each P).self)
                return linker.finish(async: { instance in factory(repeat try await (each resolvers)(instance)) })
            }
        }
    }"""


EFFECT_TERMINALS = [
"""    /// Binds the result of a factory that can throw, whose every parameter is resolved from the
    /// graph: `to(factory: Database.init)` with `init(path: String) throws`.
    ///
    /// The binding's resolution throws, and so does the resolution of everything that takes it
    /// directly. Build a root whose path throws with ``AsyncComponentFactory`` or
    /// ``MainActorComponentFactory``, and ask for it later with ``AsyncProvider`` or
    /// ``MainActorProvider``: ``ComponentFactory/of(_:validate:)`` reports every place where the
    /// error could not be thrown. A factory that throws caches nothing; its error reaches the
    /// caller as a ``ResolutionError``.
    ///
    /// - Parameters:
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    ///   - function: The function of the call (kept for Cleanse compatibility).
    ///   - factory: The function that makes the value.
    /// - Returns: The receipt of the binding.
    @discardableResult
    public func to<each P>(
        file: StaticString = #fileID,
        line: Int = #line,
        function: StaticString = #function,
        factory: @escaping @Sendable (repeat each P) throws -> Input
    ) -> BindingReceipt<Input> {
        _bind(.throwingFactory(factory, file: file, line: line))
    }""",
"""    /// Binds the result of a factory isolated to the main actor, such as the initialiser of a
    /// `@MainActor` view model, whose every parameter is resolved from the graph. The factory
    /// may throw.
    ///
    /// The binding is made on the main actor, and so is everything that takes it directly.
    /// Build a root whose path runs on the main actor with ``MainActorComponentFactory`` (from
    /// `App.init` or a scene delegate, which cannot `await`) or ``AsyncComponentFactory``, and ask
    /// for the binding later with ``MainActorProvider`` or ``AsyncProvider``.
    ///
    /// - Parameters:
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    ///   - function: The function of the call (kept for Cleanse compatibility).
    ///   - factory: The function that makes the value, on the main actor.
    /// - Returns: The receipt of the binding.
    @discardableResult
    public func to<each P, Failure: Error>(
        file: StaticString = #fileID,
        line: Int = #line,
        function: StaticString = #function,
        factory: @escaping @MainActor @Sendable (repeat each P) throws(Failure) -> Input
    ) -> BindingReceipt<Input> {
        _bind(.mainActorFactory(factory, file: file, line: line))
    }""",
"""    /// Binds the result of an `async` factory, such as the initialiser of an actor that opens a
    /// file, whose every parameter is resolved from the graph. The factory may throw, and may
    /// be isolated to an actor, which it then runs on.
    ///
    /// The binding's resolution is async, and so is the resolution of everything that takes it
    /// directly. Build a root whose path awaits with ``AsyncComponentFactory`` and ask for the
    /// binding later with ``AsyncProvider``. A shared async binding is made once per built
    /// component, however many tasks ask for it at the same moment.
    ///
    /// - Parameters:
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    ///   - function: The function of the call (kept for Cleanse compatibility).
    ///   - factory: The function that makes the value.
    /// - Returns: The receipt of the binding.
    @discardableResult
    public func to<each P, Failure: Error>(
        file: StaticString = #fileID,
        line: Int = #line,
        function: StaticString = #function,
        factory: @escaping @Sendable (repeat each P) async throws(Failure) -> Input
    ) -> BindingReceipt<Input> {
        _bind(.asyncFactory(factory, file: file, line: line))
    }""",
]


def effect_terminals(disfavored: bool) -> list[str]:
    """The terminals of factories with effects: one overload per effect, any arity. They differ
    from the plain terminals in their generic signatures, so they can share a type with them;
    Swift then picks the plain terminal for a plain function, and the effect's for a `throws`,
    `async` or `@MainActor` one."""
    if not disfavored:
        return EFFECT_TERMINALS
    return [t.replace("    @discardableResult\n", "    @discardableResult\n    @_disfavoredOverload\n") for t in EFFECT_TERMINALS]


ASSISTED_LAST_MAX = 12
ASSISTED_OUT = ROOT / "Sources/Wiring/Assisted/Generated/AssistedFactoryBindingBuilder+SeedLast.swift"


def assisted_last(n: int) -> str:
    """`Assisted<Seed>` after n dependencies. (Swift cannot call a function value whose
    parameter pack is followed by another parameter, so these arities are spelled out.)"""
    params = [f"P{i}" for i in range(1, n + 1)]
    owned = ", ".join(f"consuming {p}" for p in params)
    requests = f"DependencyRequest.list({', '.join(f'P{i}.self' for i in range(1, n + 1))})"
    lines = [
        "    /// Binds a factory that takes dependencies from the graph, then the caller's seed last.",
        "    ///",
        "    /// - Parameters:",
        "    ///   - file: The file of the call.",
        "    ///   - line: The line of the call.",
        "    ///   - function: The function of the call (kept for Cleanse compatibility).",
        "    ///   - factory: Builds an element from its dependencies and the seed.",
        "    /// - Returns: The receipt of the `Factory<AF>` binding.",
        *NOT_SPECIALISED,
        "    @discardableResult",
        f"    public func to<{', '.join(params)}>(",
        "        file: StaticString = #fileID, line: Int = #line, function: StaticString = #function,",
        f"        factory: @escaping @Sendable ({owned}, Assisted<AF.Seed>) -> AF.Element",
        "    ) -> BindingReceipt<Factory<AF>> {",
        f"        bind(_BindingRecipe(requests: {requests}, file: file, line: line) {{ linker in",
    ]
    for i in range(1, n + 1):
        lines.append(f"            let r{i} = linker.resolver({i - 1}, P{i}.self)")
    args = ", ".join(f"r{i}(shared.instance)" for i in range(1, n + 1))
    lines += [
        "            return linker.finish { instance in",
        "                let shared = SharedInstance(instance)",
        f"                return Factory {{ seed in factory({args}, Assisted(SentValue(seed))) }}",
        "            }",
        "        })",
        "    }",
    ]
    return "\n".join(lines)


ASSISTED_OUT.parent.mkdir(parents=True, exist_ok=True)
ASSISTED_OUT.write_text(f"""// Generated by Scripts/generate-factory-arities.py. Do not edit.

extension AssistedFactoryBindingBuilder {{
{chr(10).join(chr(10) + assisted_last(n) if n > 1 else assisted_last(n) for n in range(1, ASSISTED_LAST_MAX + 1))}
}}
""")

def write(name: str, header: str, declarations: list[str]) -> None:
    path = GENERATED / name
    body = "\n\n".join(declarations)
    path.write_text(f"""// Generated by Scripts/generate-factory-arities.py {MAX}. Do not edit.

{header} {{
{body}
}}
""")
    print(f"wrote {path.relative_to(ROOT)}")


GENERATED.mkdir(parents=True, exist_ok=True)
arities = range(0, MAX + 1)
write("BindingRecipe+Factories.swift", "extension _BindingRecipe", [recipe(n) for n in arities] + [PACK_RECIPE])
own = [terminal(n, False) for n in arities] + [pack(False)] + effect_terminals(False)
write("BindingBuilder+Factories.swift", "extension BindingBuilder", own)
write("PreferredTerminals+Factories.swift", "extension _PreferredTerminals", own)
write("BindToable+Factories.swift", "extension BindToable", [terminal(n, True) for n in arities] + [pack(True)] + effect_terminals(True))
