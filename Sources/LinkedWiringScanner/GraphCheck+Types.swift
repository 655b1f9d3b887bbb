/// What one module declares that the typed checks read: its top-level types and every `init`
/// of its types and extensions, with access levels and parameter types as written.
package struct DeclarationFacts: Equatable, Sendable, Codable {
    /// A top-level type declaration.
    package struct TypeFact: Equatable, Sendable {
        /// Its name.
        package var name: String
        /// `struct`, `enum`, `class`, `actor` or `protocol`.
        package var kind: String
        /// Whether it is generic or declared under an `#if`.
        package var isUnsure: Bool
        /// Its inherited types, as written.
        package var inheritance: [String]
        /// Whether its own body declares an `init` (which removes the memberwise init).
        package var hasInitInBody: Bool
    }

    /// An `init` of a type or an extension.
    package struct InitFact: Equatable, Sendable {
        /// The last name of the type it belongs to (`Service` for `extension Core.Service`), or
        /// the empty string for a nested type.
        package var owner: String
        /// Its access level: the one written, or the extension's.
        package var access: String?
        /// Whether it is failable, generic or under an `#if`.
        package var isUnsure: Bool
        /// The parameters' types as written; nil when the list could not be read.
        package var parameters: [String]?
    }

    /// The top-level types.
    package var types: [TypeFact] = []
    /// The conformances each extension adds, by the last name of the type it extends (an
    /// extension can add a conformance that brings an initialiser, or a synthesised one).
    package var extensionConformances: [String: [String]] = [:]
    /// The initialisers.
    package var inits: [InitFact] = []
    /// The typealiases, at any level.
    package var aliases: [ScannedTypealias] = []
    /// The names of the nested types, which a name written in the module may mean.
    package var nestedTypes: [String] = []

    /// Facts of scanned files.
    package init(files: [ScannedFile]) {
        for file in files {
            aliases += file.aliases
            nestedTypes += file.types.filter { $0.parent != nil && $0.kind != .extension }.map(\.name)
            for (position, type) in file.types.enumerated() where type.parent == nil && type.kind != .extension {
                let hasInit = file.inits.contains { $0.owner == position }
                // An attached macro may add initialisers.
                let attributes = type.attributes.filter { !["MainActor", "frozen", "usableFromInline"].contains($0) }
                types.append(TypeFact(
                    name: type.name, kind: type.kind.rawValue,
                    isUnsure: type.isGeneric || !type.conditions.isEmpty || !attributes.isEmpty,
                    inheritance: type.inheritance, hasInitInBody: hasInit
                ))
            }
            for type in file.types where type.kind == .extension {
                let name = String(GraphCheck.stripped(type.name, library: "").split(separator: ".").last ?? "")
                extensionConformances[name, default: []] += type.inheritance + (type.attributes.isEmpty ? [] : ["@"])
            }
            for declaration in file.inits {
                let owner = file.types[declaration.owner]
                var name = ""
                if owner.kind == .extension {
                    name = String(GraphCheck.stripped(owner.name, library: "").split(separator: ".").last ?? "")
                } else if owner.parent == nil {
                    name = owner.name
                }
                inits.append(InitFact(
                    owner: name, access: declaration.access ?? (owner.kind == .extension ? owner.access : nil),
                    isUnsure: declaration.isFailable || declaration.isGeneric || declaration.isConditional || !owner.conditions.isEmpty,
                    parameters: declaration.parameters
                ))
            }
        }
    }

    /// Adds the facts of other files of the module.
    package mutating func add(_ other: DeclarationFacts) {
        types += other.types
        inits += other.inits
        aliases += other.aliases
        nestedTypes += other.nestedTypes
        extensionConformances.merge(other.extensionConformances) { $0 + $1 }
    }
}

/// One module's facts by name, made once per run: the typed checks look types, initialisers and
/// typealiases up for every binding, and a scan of every fact per lookup made a 6,000-binding app
/// spend minutes in the plugin.
struct FactIndex {
    /// The top-level types of each name.
    var types: [String: [DeclarationFacts.TypeFact]] = [:]
    /// The initialisers of each owner's last name.
    var inits: [String: [DeclarationFacts.InitFact]] = [:]
    /// The typealiases of each name, at any level.
    var aliases: [String: [ScannedTypealias]] = [:]
    /// The names of nested types.
    var nestedTypes: Set<String> = []

    init(_ facts: DeclarationFacts) {
        for type in facts.types { types[type.name, default: []].append(type) }
        for fact in facts.inits { inits[fact.owner, default: []].append(fact) }
        for alias in facts.aliases { aliases[alias.name, default: []].append(alias) }
        nestedTypes = Set(facts.nestedTypes)
    }
}

/// The answers of the typed lookups, which the checks ask again for each binding (its key, its
/// `init`'s parameters, in the missing-binding, cycle and kept-private checks): the facts do not
/// change during a run, so each is computed once.
final class LookupMemo {
    /// ``GraphCheck/resolve(_:library:)`` by library and name as written.
    var resolved: [String: String?] = [:]
    /// ``GraphCheck/typedKey(_:library:)`` by library and name as written.
    var typedKeys: [String: String?] = [:]
    /// ``GraphCheck/initParameters(_:library:)`` by library and name as written.
    var initParameters: [String: (module: String, parameters: [String])?] = [:]
    /// ``GraphCheck/initRequests(_:library:)`` by library and name as written.
    var initRequests: [String: [(key: String, written: String)]?] = [:]
    /// ``GraphCheck/parameterKey(_:module:library:depth:)`` by module and type as written.
    var parameterKeys: [String: String?] = [:]
    /// ``GraphCheck/siblings(ofWiringLibrary:)`` by library, with the prefixes of the keys of
    /// the types the library may bind (its siblings' and its own).
    var siblings: [String: (siblings: [String], prefixes: [String])?] = [:]
}

extension GraphCheck {
    /// The protocols the typed checks accept in a type's inheritance without doubt: they add no
    /// initialiser.
    static let plainConformances: Set<String> = ["Sendable", "Swift.Sendable"]

    /// The binding key of a type written in `module` (`Store`, `any Store`, `Core.Store`):
    /// `Core.Store`, or `any Core.Store` for a protocol however it is written; nil when the name
    /// is not one top-level type the checks can pin down.
    func typedKey(_ written: String, library: String) -> String? {
        let memoKey = library + "\u{0}" + written
        if let known = memo.typedKeys[memoKey] { return known }
        let key = computeTypedKey(written, library: library)
        memo.typedKeys[memoKey] = .some(key)
        return key
    }

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
    func parameterKey(_ written: String, module: String, library: String, depth: Int = 0) -> String? {
        // `library` does not change the answer: the name is looked up in `module` alone.
        let memoKey = module + "\u{0}" + written
        if depth == 0, let known = memo.parameterKeys[memoKey] { return known }
        let key = computeParameterKey(written, module: module, library: library, depth: depth)
        if depth == 0 { memo.parameterKeys[memoKey] = .some(key) }
        return key
    }

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
              let declared = self.index[module].map({ $0.types[name] ?? [] }), declared.count == 1 else { return nil }
        if isExistential, declared[0].kind != "protocol" { return nil }
        return declared[0].kind == "protocol" ? "any \(module).\(name)" : "\(module).\(name)"
    }

    /// Whether every character of `name` is a letter, a digit or `_`; ASCII is answered without
    /// `Character`'s Unicode properties, which cost the plugin's debug build most of its lookups.
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
    func aliasTarget(_ name: String, module: String) -> String? {
        guard let moduleFacts = index[module], !moduleFacts.nestedTypes.contains(name) else { return nil }
        let declared = moduleFacts.aliases[name] ?? []
        guard declared.count == 1, declared[0].isTopLevel, !declared[0].isUnsure else { return nil }
        return declared[0].target
    }

    /// The binding keys `T.init` asks for, written in `library`: nil unless exactly one
    /// initialiser of `T` is visible there and every visible fact about `T` is sure. Keys of
    /// parameters the checks cannot read are left out.
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
    func initParameters(_ written: String, library: String) -> (module: String, parameters: [String])? {
        let memoKey = library + "\u{0}" + written
        if let known = memo.initParameters[memoKey] { return known }
        let found = computeInitParameters(written, library: library)
        memo.initParameters[memoKey] = .some(found)
        return found
    }

    private func computeInitParameters(_ written: String, library: String) -> (module: String, parameters: [String])? {
        guard let key = typedKey(written, library: library), !key.hasPrefix("any ") else { return nil }
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let owner = index[parts[0]], let type = owner.types[parts[1]]?.first,
              ["struct", "class", "actor", "enum"].contains(type.kind), !type.isUnsure else { return nil }
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
        var candidates: [DeclarationFacts.InitFact] = []
        for module in visible {
            guard let moduleFacts = index[module] else { return nil }
            for fact in moduleFacts.inits[parts[1]] ?? [] {
                if module == library || ["public", "open", "package"].contains(fact.access ?? "") {
                    candidates.append(fact)
                }
            }
        }
        guard candidates.count == 1, !candidates[0].isUnsure, let parameters = candidates[0].parameters else { return nil }
        return (parts[0], parameters)
    }

    /// Where `of` may meet a request the typed checks do not key, in the order of `bindings`:
    /// the first binding whose requests they cannot read at all (a closure, a function, an
    /// unsure `init`), and for each type name the first binding with a parameter that names it
    /// in another form (`Provider<Store>`, `() -> Store`, `Store?`). `of` reports a missing or
    /// kept type at its first request of any form, so a check that reports at a later binding
    /// must stand down.
    func unkeyedRequests(_ bindings: [Binding]) -> (firstOpaque: Int, firstMention: [String: Int]) {
        var firstOpaque = Int.max
        var firstMention: [String: Int] = [:]
        for (index, binding) in bindings.enumerated() where !binding.call.requestsNothing {
            guard let type = binding.call.factoryInit, let (module, parameters) = initParameters(type, library: binding.module.library) else {
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
    static func mayBeRequestedBefore(_ index: Int, key: String, _ unkeyed: (firstOpaque: Int, firstMention: [String: Int])) -> Bool {
        unkeyed.firstOpaque < index || (unkeyed.firstMention[String(displayName(key).dropFirst(key.hasPrefix("any ") ? 4 : 0))] ?? Int.max) < index
    }

    /// `Store` for `Core.Store`, `any Handler` for `any Core.Handler`.
    static func displayName(_ key: String) -> String {
        key.hasPrefix("any ") ? "any " + (key.dropFirst(4).split(separator: ".", maxSplits: 1).last.map(String.init) ?? "")
            : (key.split(separator: ".", maxSplits: 1).last.map(String.init) ?? key)
    }

    /// The dependency cycles among sure bindings of a whole graph: bindings whose `T.init` the
    /// checks read, each the one binding of its type, through plain parameters. One error per
    /// loop, at the first-declared binding in it, as `of` reports it.
    mutating func cycles(_ bindings: [Binding]) {
        let single = bindings.filter { $0.role == .single && $0.tag == nil }
        var byKey: [String: [Int]] = [:]
        var keys: [String?] = []
        for (index, binding) in single.enumerated() {
            let key = typedKey(binding.written, library: binding.module.library)
            keys.append(key)
            if let key { byKey[key, default: []].append(index) }
        }
        var edges: [[Int]] = []
        for binding in single {
            let requests = binding.call.factoryInit.flatMap { initRequests($0, library: binding.module.library) } ?? []
            edges.append(requests.compactMap { request in
                guard let targets = byKey[request.key], targets.count == 1 else { return nil }
                return targets[0]
            })
        }
        var reported: Set<Int> = []
        for start in single.indices where !reported.contains(start) {
            // The shortest loop from `start` back to it through bindings declared after it.
            var previous: [Int: Int] = [:]
            var queue = [start]
            var head = 0
            var closed: Int?
            search: while head < queue.count {
                let node = queue[head]
                head += 1
                for target in edges[node] where target >= start {
                    if target == start {
                        closed = node
                        break search
                    }
                    if previous[target] == nil {
                        previous[target] = node
                        queue.append(target)
                    }
                }
            }
            guard let last = closed else { continue }
            var path = [last]
            while let node = path.last, node != start, let before = previous[node] { path.append(before) }
            path.reverse()
            guard path.first == start, path.allSatisfy({ !reported.contains($0) }) else { continue }
            reported.formUnion(path)
            let names = (path + [start]).map { Self.displayName(keys[$0] ?? single[$0].written) }
            var steps: [String] = []
            for (position, node) in path.enumerated() {
                steps.append("\(names[position + 1]) is required by \(names[position]) at \(Self.place(single[node]))")
            }
            problems.append(problem(
                single[start].call, module: single[start].module, file: single[start].file,
                "Dependency cycle: \(names.joined(separator: " -> ")): " + steps.joined(separator: ", ")
                    + ". To fix this, break the cycle: let one of these factories take Provider<T> (or () -> T) instead of T "
                    + "and call get() after construction."
            ))
        }
    }

    // Cold: reads a factory's `T.init` while a file is scanned anew, never in the checks.
    // `@_optimize(none)` here and below keeps the optimiser off it (Benchmarks/README.md, "The
    // tool's own compile").
    /// `T` of a `factory: T.init` argument (any effect's label), or nil.
    @_optimize(none)
    static func initReference(_ tokens: [Token]) -> String? {
        guard tokens.count >= 3, tokens[tokens.count - 1].text == "init", tokens[tokens.count - 2].text == "." else { return nil }
        var text = ""
        for (offset, token) in tokens.dropLast(2).enumerated() {
            if offset % 2 == 0 {
                guard token.kind == .word else { return nil }
                text += token.text
            } else {
                guard token.kind == .symbol, token.text == "." else { return nil }
                text += "."
            }
        }
        return text.isEmpty || text.hasSuffix(".") ? nil : text
    }

    /// The missing-binding errors of a whole graph: a parameter of a sure `T.init` that no
    /// single, untagged binding of the graph binds. One error per missing type, at the first
    /// binding that requires it, in the voice of `of`'s `Missing binding for …`.
    mutating func missingBindings(_ bindings: [Binding], component: String) {
        var bound: Set<String> = rootKey.map { [$0] } ?? []
        // The app's root binds its root type, which its sources name; a name they use may also
        // be a typealias or nested type of a library, whose target the checks do not know.
        if app.words.contains(where: { word in names.values.contains { $0[word]?.isShadowed == true } }) { return }
        for binding in bindings where binding.role == .single && binding.tag == nil {
            guard let key = typedKey(binding.written, library: binding.module.library) else { continue }
            bound.insert(key)
        }
        var order: [String] = []
        var requirers: [String: [(Binding, String)]] = [:]
        let unkeyed = unkeyedRequests(bindings)
        for (index, binding) in bindings.enumerated() {
            guard let type = binding.call.factoryInit, let requests = initRequests(type, library: binding.module.library) else { continue }
            for request in requests where !bound.contains(request.key) {
                // A type the app names may be its root's, which the root binds.
                let simple = request.key.split(separator: ".").last.map(String.init) ?? request.key
                if app.words.contains(simple) { continue }
                if requirers[request.key] == nil {
                    // `of` names the first request of any form: stand down if it may be earlier.
                    if Self.mayBeRequestedBefore(index, key: request.key, unkeyed) {
                        requirers[request.key] = []
                        continue
                    }
                    order.append(request.key)
                }
                requirers[request.key, default: []].append((binding, request.written))
            }
        }
        for key in order {
            guard let group = requirers[key], let first = group.first else { continue }
            let name = Self.displayName(key)
            let requiredBy = group.map { binding, _ in
                "required by \(typedKey(binding.written, library: binding.module.library).map(Self.displayName) ?? binding.written) at \(Self.place(binding))"
            }.joined(separator: ", ")
            problems.append(problem(
                first.0.call, module: first.0.module, file: first.0.file,
                "Missing binding for \(name): \(requiredBy). To fix this, bind it with binder.bind(\(Self.metatypeExpression(name))).to(...) "
                    + "in a module that \(component) includes, or include the module that binds it."
            ))
        }
    }
}
