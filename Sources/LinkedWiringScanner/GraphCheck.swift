/// The graph checks that need no types, run on the modules `LinkedWiring` includes: what `of`
/// would report at launch, reported by the build at the line of the call.
///
/// - a `bind` that no terminal finishes;
/// - `expose` in a module that is not a `PrivateModule`;
/// - one type bound by two modules (two linked wiring libraries, or two modules of one);
/// - two `intoMap(key:)` entries under one literal key of one map (unless a module may redefine
///   that literal's default type, GraphCheck+LiteralTypes.swift);
/// - a wiring library that binds a type of a library other than its sibling (an error only when
///   the app validates its root with that rule, a warning otherwise).
///
/// Each check mirrors a rule of `of` (`UnfinishedBindingRule`, `PrivateBindingRule`'s stray
/// `expose`, `DuplicateBindingRule`, `MapKeyRule`, `WiringRule`), and reports only what it is sure `of` reports:
/// a call inside a branch, a closure or an `#if`, a binder handed to a function, a type name it
/// cannot pin to one declaration, or an app that names a linked module itself, makes it say
/// nothing rather than guess.
public struct GraphCheck {
    let libraries: [Library]
    let core: [String: CoreLibrary]
    let app: App
    let plan: LinkedWiringPlan
    var modules: [String: ModuleInfo] = [:]
    var problems: [SourceProblem] = []
    /// The names each readable library and core library declares, by module.
    var names: [String: [String: NameEntry]] = [:]
    /// The core libraries each wiring library sees.
    var dependencies: [String: [String]] = [:]
    /// The types and initialisers of each readable library and core library, by module.
    var facts: [String: DeclarationFacts] = [:]
    /// The same facts by name.
    var index: [String: FactIndex] = [:]
    /// The typed lookups' answers, once `index` is made.
    let memo = LookupMemo()
    /// How the missing-binding check names the component in its fix; empty to stand it down.
    var component = "the app's root component"
    /// The key of the root type the component binds, in the differential tests' runs.
    var rootKey: String?

    /// Runs the checks.
    ///
    /// - Parameters:
    ///   - libraries: The linked wiring libraries, scanned.
    ///   - core: The core libraries they can see.
    ///   - app: What the app target's sources say.
    ///   - plan: The modules `LinkedWiring` includes.
    /// - Returns: Every error (and its notes), in `of`'s order.
    @_optimize(none)
    public static func run(libraries: [Library], core: [CoreLibrary], app: App, plan: LinkedWiringPlan) -> [SourceProblem] {
        guard app.includesLinkedWiring else { return [] }
        var check = GraphCheck(
            libraries: libraries, core: Dictionary(core.map { ($0.module, $0) }, uniquingKeysWith: { first, _ in first }),
            app: app, plan: plan
        )
        check.collectModules()
        // A module left out for a scope the scan cannot read may be in the root after all.
        if plan.leftOut.contains(where: \.scopeIsUnread) { check.component = "" }
        var starts: [(String, Bool)] = []
        var sure = true
        for module in plan.included {
            guard module.conditions.isEmpty else {
                // Included under an `#if`: whether `of` sees it depends on the build.
                sure = false
                continue
            }
            starts.append(("\(module.library)|\(module.key)", true))
        }
        check.traverse(starts: starts, orderIsSure: sure)
        return check.problems
    }

    /// Runs the checks on the graph of one root component, as `of` would build it: the root's
    /// own `configure` and every module it includes. The differential tests compare this with
    /// `of`'s diagnostics.
    ///
    /// - Parameters:
    ///   - libraries: The libraries that declare the root and its modules.
    ///   - core: The core libraries they can see.
    ///   - root: The root component's name as written (`Root`, `Outer.Root`).
    ///   - everyRule: Whether the root is validated with `rules: .all`, which adds the
    ///     sibling-library rule.
    /// - Returns: The errors and notes, or nil when no single type of the libraries has that name.
    @_optimize(none)
    public static func run(libraries: [Library], core: [CoreLibrary], root: String, everyRule: Bool = false) -> [SourceProblem]? {
        var check = GraphCheck(
            libraries: libraries, core: Dictionary(core.map { ($0.module, $0) }, uniquingKeysWith: { first, _ in first }),
            app: App(includesLinkedWiring: true, words: [], addsBindings: false, asksForTheSiblingRule: everyRule), plan: LinkedWiringPlan()
        )
        check.collectModules()
        let matches = check.modules.keys.filter { id in
            guard let key = id.split(separator: "|", maxSplits: 1).last else { return false }
            return key == root || key.hasSuffix("." + root)
        }
        guard matches.count == 1, let id = matches.first else { return nil }
        check.component = root
        // The root's graph binds its root type: that type must be known.
        if let info = check.modules[id], info.rootTypes.count == 1, let written = info.rootTypes.first,
           let key = check.typedKey(written, library: info.library) {
            check.rootKey = key
        } else {
            check.component = ""
        }
        if check.modules[id]?.declaresSeed != false {
            // A root may have a seed, which its graph binds: the graph is not wholly known.
            check.component = ""
        }
        check.traverse(starts: [(id, false)], orderIsSure: true)
        return check.problems
    }

    @_optimize(none)
    private init(libraries: [Library], core: [String: CoreLibrary], app: App, plan: LinkedWiringPlan) {
        self.libraries = libraries
        self.core = core
        self.app = app
        self.plan = plan
    }

    // MARK: - Modules

    @_optimize(none)
    private mutating func collectModules() {
        for (module, library) in core {
            if let declared = library.names { names[module] = declared }
            if let declared = library.facts { facts[module] = declared }
        }
        for library in libraries {
            names[library.module] = Self.names(of: library.files)
            facts[library.module] = DeclarationFacts(files: library.files)
            dependencies[library.module] = library.dependencies
        }
        index = facts.mapValues(FactIndex.init)
        for library in libraries {
            for file in library.files {
                for type in file.types {
                    let key = Self.key(of: type, in: file, library: library.module)
                    let id = "\(library.module)|\(key)"
                    var info = modules[id] ?? ModuleInfo(library: library.module, key: key, name: type.kind == .extension ? String(key.split(separator: ".").last ?? "") : type.name)
                    info.inheritance += type.inheritance
                    if type.kind != .extension, !Self.isNestedInAnExtension(type, in: file) { info.isDeclaredHere = true }
                    info.declaresSeed = info.declaresSeed || type.declaresSeed
                    if let root = type.rootType { info.rootTypes.append(root) }
                    if let body = type.configureBody { info.bodies.append((body, file.path, file.imports)) }
                    modules[id] = info
                }
            }
        }
    }

    /// Whether a module is a plain `Module` for sure: it says so, and inherits nothing that
    /// could make it a `PrivateModule` (no protocol or class of its library).
    @_optimize(none)
    private func isPlainModule(_ info: ModuleInfo) -> Bool {
        let plain: Set<String> = [
            "Module", "Wiring.Module", "Cleanse.Module", "Wiring.Cleanse.Module",
            "RootComponent", "Wiring.RootComponent", "Cleanse.RootComponent", "Wiring.Cleanse.RootComponent",
        ]
        guard info.inheritance.contains(where: plain.contains) else { return false }
        return info.inheritance.allSatisfy { plain.contains($0) || ["Sendable", "Swift.Sendable"].contains($0) }
    }

    @_optimize(none)
    private func isPrivateModule(_ info: ModuleInfo) -> Bool {
        info.inheritance.contains { $0.hasSuffix("PrivateModule") }
    }

    /// Whether a module is a `PrivateModule` for sure: it says so, and inherits nothing else but
    /// `Sendable`.
    @_optimize(none)
    func isSurelyPrivateModule(_ info: ModuleInfo) -> Bool {
        let names: Set<String> = ["PrivateModule", "Wiring.PrivateModule"]
        guard info.inheritance.contains(where: names.contains) else { return false }
        return info.inheritance.allSatisfy { names.contains($0) || ["Sendable", "Swift.Sendable"].contains($0) }
    }

    // MARK: - The traversal

    @_optimize(none)
    private mutating func traverse(starts: [(id: String, linked: Bool)], orderIsSure initial: Bool) {
        var visited: Set<String> = []
        var bindings: [Binding] = []
        var exposes: [(BinderCall, ModuleInfo, String)] = []
        // Order-sensitive checks (duplicates, map keys, expose) hold only when the traversal is
        // `of`'s: every module's body is read whole and the app includes none of them itself.
        var orderIsSure = initial
        // The typed checks need the whole graph: every binding read. The missing-binding check
        // also needs it free of private modules; the private-binding check knows their bounds.
        let knowsTheApp = !app.addsBindings && !component.isEmpty
        var isReadable = true
        var hasPrivate = false
        var every: [Binding] = []
        var kept = KeptBindings()
        // The sibling-library rule holds per binding, whatever the order: its reports come last,
        // as `of`'s do, even when the order-sensitive checks stand down.
        var siblingReports: [SourceProblem] = []
        var siblingPlaces: Set<String> = []
        defer { problems += siblingReports }

        // `of` includes a private module once, and a plain module once outside every private
        // module and once inside each (each private module gets its own copy).
        @_optimize(none)
        func visit(_ id: String, linked: Bool, boundary: String?, keeper: String?) {
            guard let info = modules[id] else {
                orderIsSure = false
                return
            }
            let isPrivateModule = isPrivateModule(info)
            guard visited.insert(isPrivateModule ? id : id + "@" + (boundary ?? "")).inserted else { return }
            guard info.bodies.count == 1, let (body, file, imports) = info.bodies.first else {
                orderIsSure = false
                return
            }
            if app.words.contains(info.name) { orderIsSure = false }
            let reading = body.read
            if reading.isOpaque { orderIsSure = false }
            let isPrivate = boundary != nil || isPrivateModule
            let isPlain = isPlainModule(info)
            if !isPlain && !isPrivateModule { orderIsSure = false }
            if isPrivateModule && !isSurelyPrivateModule(info) { isReadable = false }
            let inner = isPrivateModule ? id : boundary
            let outer = keeper ?? (isPrivateModule ? id : nil)
            if isPrivateModule { kept.boundaries.append(id) }
            for call in reading.calls {
                switch call.kind {
                case let .bind(type, tag, role, finished):
                    if finished == false, !mayCallItsOwnBind(info.library) {
                        unfinished(call, type: type, module: info, file: file)
                    }
                    let tagKey = tag.flatMap { resolve($0, library: info.library, seenWith: imports) }
                    guard finished == true, isPlain || isSurelyPrivateModule(info), let type,
                          let key = resolve(type, library: info.library, seenWith: imports),
                          tag == nil || tagKey != nil else {
                        isReadable = false
                        continue
                    }
                    // A module `of` includes inside several private modules is read once for each.
                    if let report = siblingRule(call, key: key, tagKey: tagKey, role: role, module: info, file: file),
                       siblingPlaces.insert("\(file):\(call.line):\(call.column)").inserted {
                        siblingReports.append(report)
                    }
                    let binding = Binding(
                        key: key, written: type, tag: tagKey, role: role, module: info, linked: linked, file: file, imports: imports, call: call
                    )
                    if let inner, let outer {
                        hasPrivate = true
                        kept.bindings.append((binding, inner, outer))
                        continue
                    }
                    every.append(binding)
                    bindings.append(binding)
                case .expose:
                    hasPrivate = true
                    if isPlain, !isPrivate { exposes.append((call, info, file)) }
                    if call.exposesBinding {
                        if let written = call.exposedType, let key = typedKey(written, library: info.library) {
                            kept.exposed.insert(key)
                        } else {
                            isReadable = false
                        }
                    }
                case .declareMap:
                    break
                case let .include(written):
                    guard let included = moduleID(written, from: info) else {
                        orderIsSure = false
                        continue
                    }
                    visit(included, linked: false, boundary: inner, keeper: outer)
                }
            }
        }

        if app.changesTheGraph || modules.values.contains(where: { !$0.bodies.isEmpty && app.words.contains($0.name) }) {
            orderIsSure = false
        }
        for start in starts {
            visit(start.id, linked: start.linked, boundary: nil, keeper: nil)
        }
        guard orderIsSure else { return }
        for (call, info, file) in exposes {
            strayExpose(call, module: info, file: file)
        }
        duplicates(bindings.filter { $0.role == .single })
        mapKeys(bindings)
        guard knowsTheApp, isReadable else { return }
        if hasPrivate {
            keptPrivate(every, kept)
        } else {
            missingBindings(every, component: component)
            cycles(every)
        }
    }

    /// The module a `binder.include(module: M.self)` in `module` names: looked up from the scope
    /// of the including type outwards, as Swift looks names up, in its library, then as
    /// `Library.Name` in another linked library.
    @_optimize(none)
    private func moduleID(_ written: String, from module: ModuleInfo) -> String? {
        let library = module.library
        let name = Self.stripped(written, library: library)
        var scopes = module.key.split(separator: ".").map(String.init)
        while true {
            let candidate = (scopes + [name]).joined(separator: ".")
            if modules["\(library)|\(candidate)"] != nil { return "\(library)|\(candidate)" }
            guard !scopes.isEmpty else { break }
            scopes.removeLast()
        }
        let parts = written.split(separator: ".", maxSplits: 1).map(String.init)
        if parts.count == 2, parts[0] != library, modules["\(parts[0])|\(parts[1])"] != nil { return "\(parts[0])|\(parts[1])" }
        return nil
    }

    // MARK: - Reports

    @_optimize(none)
    private mutating func unfinished(_ call: BinderCall, type: String?, module: ModuleInfo, file: String) {
        let expression = "binder.bind(\(type.map { Self.metatypeExpression($0) } ?? ""))"
        problems.append(problem(
            call, module: module, file: file,
            "\(expression) in \(module.name) is never finished, so it binds nothing. "
                + "To fix this, end it with a terminal, such as \(expression).to(factory: ...) or .to(value: ...), or delete it."
        ))
    }

    @_optimize(none)
    private mutating func strayExpose(_ call: BinderCall, module: ModuleInfo, file: String) {
        guard case let .expose(text) = call.kind else { return }
        problems.append(problem(
            call, module: module, file: file,
            "\(text) is called outside a private module, so it exposes nothing: \(module.name) is a Module. "
                + "To fix this, call it in the configure(binder:) of a PrivateModule, or remove it: the bindings of a Module are visible everywhere."
        ))
    }

    @_optimize(none)
    private mutating func duplicates(_ bindings: [Binding]) {
        var order: [String] = []
        var byKey: [String: [Binding]] = [:]
        for binding in bindings {
            let key = binding.key + "|" + (binding.tag ?? "")
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append(binding)
        }
        for key in order {
            guard let group = byKey[key], group.count > 1 else { continue }
            let name = group[0].written + (group[0].tag.map { " tagged \($0)" } ?? "")
            let libraries = group.filter(\.linked).map(\.module.library).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            let message: String
            if libraries.count > 1 {
                let listed = libraries.dropLast().joined(separator: ", ") + " and " + (libraries.last ?? "")
                message = "\(name) is bound by more than one linked wiring library: in \(group[0].module.name) from \(group[0].module.library), "
                    + "and again " + group.dropFirst().map { "at \(Self.place($0)) in \($0.module.name) from \($0.module.library)" }.joined(separator: ", ")
                    + ". To fix this, link only one of them: keep one of \(listed) in the app target's dependencies in Package.swift "
                    + "(LinkedWiring includes every wiring library the target links)."
            } else {
                message = "\(name) is bound more than once: in \(group[0].module.name), and again "
                    + group.dropFirst().map { "at \(Self.place($0)) in \($0.module.name)" }.joined(separator: ", ")
                    + ". To fix this, keep one binding of \(name): include only one of the modules that bind it, "
                    + "or tag one binding with .tagged(with:) and request it as TaggedProvider. "
                    + "To provide several values, contribute each with .intoCollection()."
            }
            problems.append(problem(group[0].call, module: group[0].module, file: group[0].file, message))
            for other in group.dropFirst() {
                problems.append(problem(other.call, module: other.module, file: other.file, severity: .note, "\(name) bound again here, in \(other.module.name)"))
            }
        }
    }

    @_optimize(none)
    private mutating func mapKeys(_ bindings: [Binding]) {
        var order: [String] = []
        var byKey: [String: [Binding]] = [:]
        for binding in bindings {
            // A redefined default literal type may put equal keys in maps of two key types.
            guard case let .map(literal?) = binding.role, !literalTypeMayBeRedefined(literal) else { continue }
            let key = binding.key + "|" + (binding.tag ?? "") + "|" + literal
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append(binding)
        }
        for key in order {
            guard let group = byKey[key], group.count > 1, case let .map(literal?) = group[0].role else { continue }
            let keyType = literal.hasPrefix("\"") ? "String" : "Int"
            let map = "[\(keyType): \(group[0].written)]"
            problems.append(problem(
                group[1].call, module: group[1].module, file: group[1].file,
                "\(map) has more than one entry under the key \(literal): contributed at \(Self.place(group[0])) in \(group[0].module.name), "
                    + "and again here in \(group[1].module.name). To fix this, give each entry a key of its own, or include only one of the "
                    + "modules that contribute \(literal). To swap an entry in a test, contribute the replacement in "
                    + "ComponentFactory.of(_:replacing:) from WiringTesting."
            ))
            problems.append(problem(
                group[0].call, module: group[0].module, file: group[0].file, severity: .note,
                "\(map) first has an entry under the key \(literal) here, in \(group[0].module.name)"
            ))
        }
    }
}
