/// The sibling-library rule (rule 2 of wiring libraries, `WiringRule` in Wiring): a module of
/// `FooWiring` binds only types of `Foo` (`FakeFooWiring` those of `FakeFoo` and `Foo`).
///
/// `of` checks it only when the call that validates the graph asks for it (`rules: .all` or
/// `.siblingBindingsOnly`), a value the plugin reads only in the app target's own sources. So a
/// binding that breaks it is an error only when those sources surely validate a root that
/// includes `LinkedWiring` with the rule, and a warning otherwise, which says that `of` reports it
/// when the app asks for the rule.
extension GraphCheck {
    /// The libraries a wiring library may bind: `["Foo"]` for `FooWiring`, `["FakeFoo", "Foo"]`
    /// for `FakeFooWiring`; nil for a module that is not a wiring library.
    ///
    /// The same name rule as `WiringRule.siblings(ofWiringLibrary:)` in Wiring, which this tool
    /// cannot import: `WiringRuleNameTests` holds both to the same cases.
    @_optimize(none)
    public static func siblings(ofWiringLibrary name: String) -> [String]? {
        guard name.hasSuffix("Wiring"), name.count > "Wiring".count else { return nil }
        let sibling = String(name.dropLast("Wiring".count))
        if sibling.hasPrefix("Fake"), sibling.count > "Fake".count {
            return [sibling, String(sibling.dropFirst("Fake".count))]
        }
        return [sibling]
    }

    /// A type pinned to the one library that declares it: its Swift module, and its name as `of`
    /// prints it (`NoteScanner`, `any PaymentExecutor`).
    struct PinnedType {
        var home: String
        var name: String
    }

    /// The type a name written in `library` names, when it is one top-level type of the library
    /// or of a core library it sees (a nested name, whose `of` name the plugin cannot be sure of,
    /// is nil).
    @_optimize(none)
    func pinned(_ written: String, library: String) -> PinnedType? {
        resolve(written, library: library).flatMap(Self.pinned)
    }

    /// The type of a key ``resolve(_:library:)`` gave (`Storage.Store`, `any Storage.Handler`);
    /// nil for a nested one.
    @_optimize(none)
    static func pinned(_ resolved: String) -> PinnedType? {
        let isExistential = resolved.hasPrefix("any ")
        let qualified = isExistential ? resolved.dropFirst(4) : resolved[...]
        guard let dot = qualified.firstIndex(of: ".") else { return nil }
        let name = qualified[qualified.index(after: dot)...]
        guard !name.contains(".") else { return nil }
        return PinnedType(home: String(qualified[..<dot]), name: (isExistential ? "any " : "") + name)
    }

    /// ``siblings(ofWiringLibrary:)``, once per library, with the prefixes of the keys
    /// (`Mail.`, `any Mail.`) of the types the library may bind: its siblings' and its own (a
    /// type it declares itself breaks rule 1, which `of` words otherwise: the plugin leaves it to
    /// `of`).
    @_optimize(none)
    func siblings(of library: String) -> (siblings: [String], prefixes: [String])? {
        if let known = memo.siblings[library] { return known }
        let found = Self.siblings(ofWiringLibrary: library).map { siblings in
            (siblings, (siblings + [library]).flatMap { [$0 + ".", "any " + $0 + "."] })
        }
        memo.siblings[library] = .some(found)
        return found
    }

    /// The report of a finished binding (its type's and tag's keys from ``resolve(_:library:)``)
    /// that breaks the rule, in `of`'s words: an error when the app surely asks for the rule, a
    /// warning otherwise; nil when it keeps the rule or when the plugin cannot be sure it breaks
    /// it.
    ///
    /// A type the wiring library declares itself (rule 1, which `of` reports under the same
    /// option) gets nothing here. As `WiringRule` does, it exempts a map's entries, and a binding to an implementation from
    /// a sibling (`bind((any P).self).to(SiblingType.self) { $0 }`); a tagged binding belongs to
    /// its tag's library, a collection's element to its type's.
    @_optimize(none)
    func siblingRule(_ call: BinderCall, key: String, tagKey: String?, role: BinderCall.Role, module: ModuleInfo, file: String) -> SourceProblem? {
        let library = module.library
        guard module.isDeclaredHere, let (siblings, prefixes) = siblings(of: library), let sibling = siblings.first else { return nil }
        if case .map = role { return nil }
        let ownerKey = tagKey ?? key
        // Most bindings keep the rule: a prefix says so, before any other work.
        guard !prefixes.contains(where: ownerKey.hasPrefix), let owner = Self.pinned(ownerKey) else { return nil }
        if call.namesImplementation {
            guard let written = call.implementation, let implementation = pinned(written, library: library) else { return nil }
            if siblings.contains(implementation.home) { return nil }
        }
        guard var bound = tagKey == nil ? owner.name : Self.pinned(key)?.name else { return nil }
        if role == .collection { bound = "[\(bound)]" }
        if tagKey != nil { bound += " tagged \(owner.name)" }
        let sentence = "\(module.key) in \(library) binds \(bound), a type of \(owner.home): "
            + "a wiring library binds only the types of its sibling library (\(sibling))."
        let fix = "To fix this, move this binding to \(owner.home)Wiring."
        if app.asksForTheSiblingRule {
            return problem(call, module: module, file: file, "\(sentence) \(fix)")
        }
        return problem(
            call, module: module, file: file, severity: .warning,
            "\(sentence) ComponentFactory.of(_:rules:) reports this when the app asks for the rule (rules: .all or .siblingBindingsOnly). \(fix)"
        )
    }

    /// Whether a type is nested in an extension, whose Swift module `of` may name otherwise.
    @_optimize(none)
    static func isNestedInAnExtension(_ type: ScannedType, in file: ScannedFile) -> Bool {
        var parent = type.parent
        while let index = parent {
            if file.types[index].kind == .extension { return true }
            parent = file.types[index].parent
        }
        return false
    }
}

extension GraphCheck.App {
    /// The factories whose `of(_:rules:)` validates a root.
    static let factories: Set<String> = ["ComponentFactory", "AsyncComponentFactory", "MainActorComponentFactory"]

    /// Whether the app target's sources surely validate a root that includes `LinkedWiring`
    /// with the sibling-library rule: a call `ComponentFactory.of(Root.self, rules: .all)` (or
    /// `AsyncComponentFactory`, `MainActorComponentFactory`; `.siblingBindingsOnly` or
    /// `[.siblingBindingsOnly]`), with no other argument and outside every `#if`, whose `Root` is
    /// one type of the target, declared outside an `#if`, whose one `configure` includes
    /// `LinkedWiring` as a statement of its own.
    ///
    /// The rules computed, kept in a variable or passed by a call in another target (such as a
    /// helper generic over the component) are a value the plugin cannot read: it is not sure then.
    ///
    /// - Parameters:
    ///   - tokens: The tokens of each of the target's files.
    ///   - files: The target's files, scanned.
    /// - Returns: Whether a binding that breaks the rule is an error.
    @_optimize(none)
    public static func validatesWithTheSiblingRule(tokens: [[Token]], files: [ScannedFile]) -> Bool {
        let called = rootsValidatedWithTheSiblingRule(tokens)
        guard !called.isEmpty else { return false }
        var declarations: [String: Int] = [:]
        var bodies: [String: [ConfigureBody]] = [:]
        var isConditional: Set<String> = []
        for file in files {
            for type in file.types {
                let key = GraphCheck.key(of: type, in: file, library: "")
                if type.kind != .extension { declarations[key, default: 0] += 1 }
                if !type.conditions.isEmpty { isConditional.insert(key) }
                if let body = type.configureBody { bodies[key, default: []].append(body) }
            }
        }
        return called.contains { written in
            // `Root`, or `App.Root` with the target's module name, which names no type of it.
            var key = written
            let parts = written.split(separator: ".", maxSplits: 1).map(String.init)
            if declarations[written] == nil, parts.count == 2, declarations[parts[0]] == nil, bodies[parts[0]] == nil { key = parts[1] }
            guard declarations[key] == 1, !isConditional.contains(key),
                  let found = bodies[key], found.count == 1, let body = found.first else { return false }
            return body.read.calls.contains { $0.kind == .include("LinkedWiring") }
        }
    }

    /// The roots, as written, of the calls `Factory.of(Root.self, rules: …)` that ask for the
    /// sibling-library rule with a literal, outside every `#if`.
    @_optimize(none)
    static func rootsValidatedWithTheSiblingRule(_ tokens: [[Token]]) -> [String] {
        var roots: [String] = []
        for file in tokens {
            var conditions = 0
            for (index, token) in file.enumerated() {
                if token.kind == .directive {
                    if token.text == "if" { conditions += 1 }
                    if token.text == "endif" { conditions = max(0, conditions - 1) }
                    continue
                }
                guard conditions == 0, token.kind == .word, token.text == "of", index >= 2, file[index - 1].text == ".",
                      factories.contains(file[index - 2].text), index + 1 < file.count, file[index + 1].text == "(" else { continue }
                var position = index + 2
                var root = ""
                while position + 1 < file.count, !(file[position].text == "." && file[position + 1].text == "self") {
                    let part = file[position]
                    guard part.kind == .word || part.kind == .symbol && part.text == "." else { break }
                    root += part.text
                    position += 1
                }
                guard !root.isEmpty, position + 1 < file.count, file[position + 1].text == "self" else { continue }
                let rest = file[(position + 2)...].prefix(8).map(\.text)
                let asked = [
                    [",", "rules", ":", ".", "all", ")"],
                    [",", "rules", ":", ".", "siblingBindingsOnly", ")"],
                    [",", "rules", ":", "[", ".", "siblingBindingsOnly", "]", ")"],
                ]
                if asked.contains(where: { rest.starts(with: $0) }) { roots.append(root) }
            }
        }
        return roots
    }
}
