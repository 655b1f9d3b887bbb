extension GraphCheck {
    /// The protocols the typed checks accept in a type's inheritance without doubt: they add no
    /// initialiser.
    static let plainConformances: Set<String> = ["Sendable", "Swift.Sendable"]

    /// The binding key of a type written in `module` (`Store`, `any Store`, `Core.Store`):
    /// `Core.Store`, or `any Core.Store` for a protocol however it is written; nil when the name
    /// is not one top-level type the checks can pin down.
    @_optimize(none)
    func typedKey(_ written: String, library: String) -> String? {
        let memoKey = library + "\u{0}" + written
        if let known = memo.typedKeys[memoKey] { return known }
        let key = computeTypedKey(written, library: library)
        memo.typedKeys[memoKey] = .some(key)
        return key
    }

    @_optimize(none)
    private func computeTypedKey(_ written: String, library: String) -> String? {
        guard let resolved = resolve(written, library: library) else { return nil }
        let plain = resolved.hasPrefix("any ") ? String(resolved.dropFirst(4)) : resolved
        let parts = plain.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[1].contains("."), let declared = index[parts[0]].map({ $0.types[parts[1]] ?? [] }),
              declared.count == 1 else { return nil }
        return declared[0].kind == "protocol" ? "any " + plain : plain
    }

    /// The binding key a parameter type written in the core library `module` asks for: only a
    /// plain name the module itself declares as one top-level type (its own types shadow every
    /// import), or as a typealias that leads to one (below); nil for anything else (optionals,
    /// collections, wrappers, closures, generics, names from other modules), which the checks
    /// then say nothing about.
    @_optimize(none)
    func parameterKey(_ written: String, module: String, library: String, depth: Int = 0) -> String? {
        // `library` does not change the answer: the name is looked up in `module` alone.
        let memoKey = module + "\u{0}" + written
        if depth == 0, let known = memo.parameterKeys[memoKey] { return known }
        let key = computeParameterKey(written, module: module, library: library, depth: depth)
        if depth == 0 { memo.parameterKeys[memoKey] = .some(key) }
        return key
    }

    @_optimize(none)
    private func computeParameterKey(_ written: String, module: String, library: String, depth: Int) -> String? {
        var name = written
        var isExistential = false
        if name.hasPrefix("any ") {
            name.removeFirst(4)
            isExistential = true
        }
        if name.hasPrefix(module + ".") { name.removeFirst(module.count + 1) }
        guard !name.isEmpty, Self.isPlainName(name), let first = name.first, !first.isNumber,
              let index = names[module], let entry = index[name] else { return nil }
        if entry.topLevel == 0, let target = aliasTarget(name, module: module), depth < 8 {
            guard let key = parameterKey(target, module: module, library: library, depth: depth + 1),
                  !isExistential || key.hasPrefix("any ") else { return nil }
            return key
        }
        guard entry.topLevel == 1, !entry.isShadowed,
              let declared = self.index[module].map({ $0.types[name] ?? [] }), declared.count == 1, !declared[0].isUnsure
        else { return nil }
        if isExistential, declared[0].kind != "protocol" { return nil }
        return declared[0].kind == "protocol" ? "any \(module).\(name)" : "\(module).\(name)"
    }

    /// Whether every character of `name` is a letter, a digit or `_`; ASCII is answered without
    /// `Character`'s Unicode properties, which cost the plugin's debug build most of its lookups.
    @_optimize(none)
    static func isPlainName(_ name: String) -> Bool {
        var ascii = true
        for byte in name.utf8 {
            if byte >= 0x80 {
                ascii = false
                break
            }
            guard (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F else { return false }
        }
        return ascii || name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// What the typealias `name` of `module` names as written, when it is the one declaration of
    /// that name in the module: top-level, not generic, not private to a file, not under an
    /// `#if`, and no nested type or other typealias of the module has its name.
    @_optimize(none)
    func aliasTarget(_ name: String, module: String) -> String? {
        guard let moduleFacts = index[module], !moduleFacts.nestedTypes.contains(name) else { return nil }
        let declared = moduleFacts.aliases[name] ?? []
        guard declared.count == 1, declared[0].isTopLevel, !declared[0].isUnsure else { return nil }
        return declared[0].target
    }

    /// The binding keys `T.init` asks for, written in `library`: nil unless exactly one
    /// initialiser of `T` is visible there and every visible fact about `T` is sure. Keys of
    /// parameters the checks cannot read are left out.
    @_optimize(none)
    func initRequests(_ written: String, library: String) -> [(key: String, written: String)]? {
        let memoKey = library + "\u{0}" + written
        if let known = memo.initRequests[memoKey] { return known }
        let requests = initParameters(written, library: library).map { module, parameters in
            parameters.compactMap { written in parameterKey(written, module: module, library: library).map { ($0, written) } }
        }
        memo.initRequests[memoKey] = .some(requests)
        return requests
    }

    /// The module that declares `T` and the parameter types of the one `T.init` visible in
    /// `library`, as written; nil under the conditions of `initRequests`.
    @_optimize(none)
    func initParameters(_ written: String, library: String) -> (module: String, parameters: [String])? {
        let memoKey = library + "\u{0}" + written
        if let known = memo.initParameters[memoKey] { return known }
        let found = computeInitParameters(written, library: library)
        memo.initParameters[memoKey] = .some(found)
        return found
    }

    @_optimize(none)
    private func computeInitParameters(_ written: String, library: String) -> (module: String, parameters: [String])? {
        guard let key = typedKey(written, library: library), !key.hasPrefix("any ") else { return nil }
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let owner = index[parts[0]], let type = owner.types[parts[1]]?.first,
              ["struct", "class", "actor", "enum"].contains(type.kind), !type.isUnsure,
              // A type another module cannot see is not the one a wiring library's name means.
              type.isVisibleOutside || parts[0] == library
        else { return nil }
        let visible = [library] + (dependencies[library] ?? [])
        // Every protocol it conforms to, in its declaration or in an extension anywhere the
        // library sees, must be one the checks read, with no init of its own.
        var conformances = type.inheritance
        for module in visible {
            guard let moduleFacts = facts[module] else { return nil }
            conformances += moduleFacts.extensionConformances[parts[1]] ?? []
        }
        for inherited in conformances where !Self.plainConformances.contains(inherited) {
            var found = false
            for module in visible {
                guard let moduleFacts = index[module] else { return nil }
                if moduleFacts.inits[inherited] != nil { return nil }
                if let declared = moduleFacts.types[inherited]?.first {
                    guard declared.kind == "protocol", declared.inheritance.allSatisfy(Self.plainConformances.contains) else { return nil }
                    found = true
                }
            }
            guard found else { return nil }
        }
        // The memberwise or default init exists only in its own module, where it is visible.
        if parts[0] == library, !type.hasInitInBody { return nil }
        var candidates: [(module: String, fact: DeclarationFacts.InitFact)] = []
        for module in visible {
            guard let moduleFacts = index[module] else { return nil }
            for fact in moduleFacts.inits[parts[1]] ?? [] {
                if module == library || ["public", "open", "package"].contains(fact.access ?? "") {
                    candidates.append((module, fact))
                }
            }
        }
        // An init that an extension in another module declares names that module's types, in
        // the light of its file's imports: the checks read the type's own module's names only.
        guard candidates.count == 1, candidates[0].module == parts[0], !candidates[0].fact.isUnsure,
              let parameters = candidates[0].fact.parameters
        else { return nil }
        return (parts[0], parameters)
    }

    /// Where `of` may meet a request the typed checks do not key, in the order of `bindings`:
    /// the first binding whose requests they cannot read at all (a closure, a function, an
    /// unsure `init`), and for each type name the first binding with a parameter that names it
    /// in another form (`Provider<Store>`, `() -> Store`, `Store?`). `of` reports a missing or
    /// kept type at its first request of any form, so a check that reports at a later binding
    /// must stand down.
    @_optimize(none)
    func unkeyedRequests(_ bindings: [Binding]) -> (firstOpaque: Int, firstMention: [String: Int]) {
        var firstOpaque = Int.max
        var firstMention: [String: Int] = [:]
        for (index, binding) in bindings.enumerated() where !binding.call.requestsNothing {
            guard let type = binding.factoryInit(self), let (module, parameters) = initParameters(type, library: binding.module.library) else {
                firstOpaque = min(firstOpaque, index)
                continue
            }
            for parameter in parameters where parameterKey(parameter, module: module, library: binding.module.library) == nil {
                let words = parameter.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
                // A typealias may name any type: the request is not one the checks can place.
                if words.contains(where: { word in names.values.contains { $0[word]?.isShadowed == true } }) {
                    firstOpaque = min(firstOpaque, index)
                }
                for word in words where firstMention[word] == nil { firstMention[word] = index }
            }
        }
        return (firstOpaque, firstMention)
    }

    /// Whether `of`'s first request of `key` may come before the binding at `index`.
    @_optimize(none)
    static func mayBeRequestedBefore(_ index: Int, key: String, _ unkeyed: (firstOpaque: Int, firstMention: [String: Int])) -> Bool {
        unkeyed.firstOpaque < index || (unkeyed.firstMention[String(displayName(key).dropFirst(key.hasPrefix("any ") ? 4 : 0))] ?? Int.max) < index
    }

    /// `Store` for `Core.Store`, `any Handler` for `any Core.Handler`.
    @_optimize(none)
    static func displayName(_ key: String) -> String {
        key.hasPrefix("any ") ? "any " + (key.dropFirst(4).split(separator: ".", maxSplits: 1).last.map(String.init) ?? "")
            : (key.split(separator: ".", maxSplits: 1).last.map(String.init) ?? key)
    }
}
