#!/usr/bin/env python3
"""Writes Sources/Wiring/Binding/Generated/BindToable+Factories.swift.

`to(factory:)` takes a factory of any arity through one parameter-pack overload. Composed
closures over parameter packs run about twice as slow as fixed-arity ones, so the common
arities get a fixed-arity overload each; Swift prefers those over the pack overload.

The fixed-arity terminals are compiled once, in Wiring, and never specialised for the types of
a binding (`NOT_SPECIALISED`): a binding then adds no generic code to its module, only the call
and the thunk of its factory. Specialised terminals made a resolve of a 6-object graph about
8 % faster but doubled the release build time of the wiring code (13.3 against about 6 ms per
binding for 6,000 bindings; Benchmarks/README.md, scenario 10). The pack overloads, for the
rare factories of more than 16 parameters, stay `@inlinable`: unspecialised parameter packs
resolve several times slower.

Usage: Scripts/generate-factory-arities.py [MAX_FIXED_ARITY]   (default 16)
"""
import pathlib
import sys

MAX = int(sys.argv[1]) if len(sys.argv) > 1 else 16
ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "Sources/Wiring/Binding/Generated/BindToable+Factories.swift"

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


def fixed(n: int) -> str:
    params = [f"P{i}" for i in range(1, n + 1)]
    generics = f"<{', '.join(params)}>" if n else ""
    requests = f"DependencyRequest.list({', '.join(f'P{i}.self' for i in range(1, n + 1))})" if n else "[]"
    owned = ", ".join(f"consuming {p}" for p in params)
    lines = [DOC.rstrip("\n"),
             *NOT_SPECIALISED,
             "    @discardableResult",
             f"    public func to{generics}(",
             "        file: StaticString = #fileID,",
             "        line: Int = #line,",
             "        function: StaticString = #function,",
             f"        factory: @escaping @Sendable ({owned}) -> Input",
             "    ) -> BindingReceipt<Input> {",
             f"        _bind(_BindingRecipe(requests: {requests}, file: file, line: line) {{ linker in"]
    for i in range(1, n + 1):
        lines.append(f"            let r{i} = linker.resolver({i - 1}, P{i}.self)")
    if n:
        args = ", ".join(f"r{i}(instance)" for i in range(1, n + 1))
        lines.append(f"            return linker.finish {{ instance in factory({args}) }}")
    else:
        lines.append("            linker.finish { _ in factory() }")
    lines += ["        })", "    }"]
    return "\n".join(lines)


PACK = DOC.rstrip("\n") + """
    @inlinable
    @discardableResult
    public func to<each P>(
        file: StaticString = #fileID,
        line: Int = #line,
        function: StaticString = #function,
        factory: @escaping @Sendable (repeat consuming each P) -> Input
    ) -> BindingReceipt<Input> {
        _bind(_BindingRecipe(requests: DependencyRequest.list(repeat (each P).self), file: file, line: line) { linker in
            let resolvers = linker.resolvers(repeat (each P).self)
            return linker.finish { instance in factory(repeat (each resolvers)(instance)) }
        })
    }"""

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

body = "\n\n".join([fixed(n) for n in range(0, MAX + 1)] + [PACK])
OUT.parent.mkdir(parents=True, exist_ok=True)
OUT.write_text(f"""// Generated by Scripts/generate-factory-arities.py {MAX}. Do not edit.

extension BindToable {{
{body}
}}
""")
print(f"wrote {OUT.relative_to(ROOT)} (fixed arities 0...{MAX} and a parameter pack)")
