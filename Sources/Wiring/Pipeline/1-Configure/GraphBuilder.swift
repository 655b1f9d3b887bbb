/// Collects what a component's `configure` declares: bindings, included modules, the root and
/// the seed. One builder lives for one call of `ComponentFactory.of`.
///
/// Stage 1 of the pipeline, configuration; its entry is `configure(_:overrides:)`
/// (`GraphBuilder+Configure.swift`). In: a component type. The component's `configure` and
/// `configureRoot`, and every module they include (once each), call the public binders
/// (`Binding/`), whose terminals hand a `_BindingRecipe` to the `GraphBuilder`. Out: the
/// `GraphBuilder`, holding one declaration per binding (`Declarations/`: unique, contribution,
/// root, seed, subcomponent factory), each with its `BindingKey` and its `DependencyRequest`s, the
/// modules included and where, the installed subcomponents, and each unique binding's link
/// function until stage 3 takes it.
///
/// Only the thread running `of` touches a builder, one access at a time, so the properties that
/// every binding updates leave out the runtime's exclusivity check (`@exclusivity(unchecked)`).
@usableFromInline
final class GraphBuilder {
    /// A module included into the component, with the call that included it first.
    struct Inclusion {
        let module: any Any.Type
        let site: CallSite
        let includedBy: any Any.Type
    }

    let component: any Any.Type
    /// The component's scope.
    private(set) var scope: any Any.Type = Unscoped.self
    @exclusivity(unchecked) var _declarations: [AnyDeclaration] = []
    /// The subcomponents the component installs, in order.
    @exclusivity(unchecked) var _installations: [any InstalledSubcomponent] = []
    @exclusivity(unchecked) var _installedComponents: KeyTable = KeyTable()
    /// The subcomponents installed inside private modules, per private module.
    private var privateInstallations: Set<PrivateInstallation> = []
    @exclusivity(unchecked) var _inclusions: [Inclusion] = []
    private(set) var root: AnyDeclaration?
    private(set) var seed: (any ComponentSeed)?
    /// The implementations of the declarations bound with `to(_:as:)`, by declaration, for the
    /// graph export.
    private(set) var implementations: [ObjectIdentifier: any Any.Type] = [:]
    /// Whether any declaration's factory has effects: when none does, effects are not analysed.
    private(set) var hasEffects = false
    /// Set when `configureRoot` binds more than one root, so validation can report it.
    private(set) var extraRoots: [AnyDeclaration] = []
    @exclusivity(unchecked) var _includedModules: KeyTable = KeyTable()
    @exclusivity(unchecked) var _moduleStack: [any Any.Type] = []
    /// Set while overrides are being declared: their declarations replace the component's own.
    private var isDeclaringOverrides = false
    /// Whether a test's overrides were declared: such a builder keeps its declarations once
    /// validated, for the override rule of the `.tree` stage.
    private(set) var hasOverrides = false
    /// Whether a declaration removes a map's entry, which only a test's replacements may do.
    private(set) var hasMapRemovals = false
    /// Whether any declaration is about a map, so that validating a graph without maps skips
    /// the map rule.
    private(set) var hasMaps = false
    /// The link functions of the unique declarations, each at its declaration's `linkIndex`,
    /// until the graph is linked.
    @exclusivity(unchecked) var _pendingLinks: [LinkBox<Any>?] = []
    /// Every `bind()` call, which its builder refers to by index (see `BindingOptions`).
    @exclusivity(unchecked) var _bindCalls: [BindCall] = []
    /// The tags of tagged builders, which their options refer to by number (see
    /// `BindingOptions`).
    private var bindTags: [any Any.Type] = []
    /// The boundaries of the private modules included, in order (`GraphBuilder+Boundaries.swift`);
    /// empty unless a private module is, which is what keeps every other graph's path as it was.
    var boundaries: [Boundary] = []
    /// The innermost boundary whose `configure` is running, or -1 outside every private module.
    var currentBoundary: Int32 = -1
    /// Where each declaration made inside a private module belongs, by declaration.
    var declarationBoundaries: [ObjectIdentifier: DeclarationBoundary] = [:]
    /// The `expose` calls made outside every private module, which validation reports.
    var strayExposures: [Exposure] = []
    /// The private modules a test's replacements name that the component does not include.
    var unknownPrivateReplacements: [(module: any Any.Type, site: CallSite)] = []

    /// A `bind()` call: where it is, what it asked to bind, in which module's `configure`, and
    /// whether a terminal finished it (one that none finishes is reported).
    struct BindCall {
        let site: CallSite
        let type: any Any.Type
        let module: any Any.Type
        var isFinished = false
    }

    init(component: any Any.Type) {
        self.component = component
        moduleStack = [component]
    }

    /// Lets go of the declarations and of the set of included modules once the graph is
    /// resolved and validated: the resolved graph keeps the declarations it uses.
    func dropConfigurationState() {
        // A test's graph keeps them: the `.tree` stage reads which overrides replaced nothing.
        if !hasOverrides {
            declarations = []
        }
        // Kept for export as long as the factory lives: without the spare capacity it grew.
        inclusions = inclusions.exactCapacityCopy()
        includedModules = KeyTable()
        installedComponents = KeyTable()
        privateInstallations = []
        bindCalls = []
        bindTags = []
    }

    /// Records the location and the type of a `bind()` call; ``bindSite(_:fallback:)`` gives
    /// the location back, and marks the call finished.
    func recordBindSite(_ site: CallSite, type: any Any.Type) -> Int {
        bindCalls.append(BindCall(site: site, type: type, module: currentModule))
        return bindCalls.count - 1
    }

    /// The location of the `bind()` call that ``recordBindSite(_:type:)`` numbered `index`,
    /// which a terminal has now finished; the location of the terminal, `fallback`, for a
    /// builder finished after its graph was built (which adds nothing to that graph).
    func bindSite(_ index: Int, fallback: CallSite) -> CallSite {
        guard index < bindCalls.count else { return fallback }
        bindCalls[index].isFinished = true
        return bindCalls[index].site
    }

    /// Records the tag of a tagged builder; ``tag(of:)`` gives it back.
    func recordTag(_ tag: any Any.Type) -> Int {
        bindTags.append(tag)
        return bindTags.count - 1
    }

    /// The tag of the builder whose options are `options`: none for a builder finished after
    /// its graph was built, which adds nothing to that graph.
    func tag(of options: BindingOptions) -> (any Any.Type)? {
        guard let number = options.tagNumber, number < bindTags.count else { return nil }
        return bindTags[number]
    }

    /// The `bind()` calls that no terminal finished, in the order they were made: each binds
    /// nothing, and is reported.
    var unfinishedBinds: [BindCall] {
        bindCalls.filter { !$0.isFinished }
    }

    /// The module whose `configure` is running.
    var currentModule: any Any.Type { moduleStack[moduleStack.count - 1] }

    /// Runs a module's `configure` the first time the module is included; later includes of the
    /// same module do nothing.
    func include(_ module: any Any.Type, site: CallSite, configure: () -> Void) {
        // Inside a private module, a module is included once per boundary: each private module
        // gets its own bindings of the helpers it includes.
        guard currentBoundary < 0 ? includedModules.insert(module) : includedModules.insert(module, in: currentBoundary) else { return }
        inclusions.append(Inclusion(module: module, site: site, includedBy: currentModule))
        moduleStack.append(module)
        configure()
        moduleStack.removeLast()
    }

    /// Records that a map's entry is removed (see ``hasMapRemovals``).
    func noteMapRemoval() {
        hasMapRemovals = true
    }

    /// Records that a declaration is about a map (see ``hasMaps``).
    func noteMap() {
        hasMaps = true
    }

    func add(_ declaration: AnyDeclaration) {
        hasEffects = hasEffects || !declaration.effects.isEmpty
        declaration.isOverride = isDeclaringOverrides
        if currentBoundary >= 0 {
            placeInBoundary(declaration)
        }
        declarations.append(declaration)
    }

    /// Records a unique declaration made by a `to(...)` call, and the recipe's link function
    /// until ``takeLink(of:)``.
    func add<Input>(
        _ recipe: _BindingRecipe<Input>, key: BindingKey, site: CallSite, isShared: Bool, effects: Effects = [], carriesEffects: Bool = true
    ) {
        let declaration = UniqueDeclaration(
            key: key, requests: recipe.requests, site: site, declaringModule: currentModule, isShared: isShared
        )
        if !effects.isEmpty || !carriesEffects {
            declaration.adoptEffects(effects, carriesEffects: carriesEffects)
        }
        declaration.linkIndex = Int32(pendingLinks.count)
        pendingLinks.append(LinkBox(link: recipe.link).cast(to: Any.self))
        add(declaration)
    }

    /// The link function of a unique declaration, handed over once, when the graph is linked.
    func takeLink(of declaration: UniqueDeclaration) -> LinkBox<Any> {
        guard let link = Self.take(at: Int(declaration.linkIndex), from: &pendingLinks) else {
            preconditionFailure("Wiring internal error: a binding was linked twice.")
        }
        return link
    }

    /// The link at `index`, now nil in `links`; nil when there is none. One access to the
    /// array, through its accessor's `_modify`, which is inlined where its `_read` was not (a warm
    /// `of` of 6,000 bindings counted 19 instructions more per binding).
    private static func take(at index: Int, from links: inout [LinkBox<Any>?]) -> LinkBox<Any>? {
        guard links.indices.contains(index) else { return nil }
        defer { links[index] = nil }
        return links[index]
    }

    /// Lets go of the link functions no declaration took, those of overridden bindings, once the
    /// graph is linked.
    func dropPendingLinks() {
        pendingLinks = []
    }

    /// Records that the declaration just added gives a value of `implementation`.
    func recordImplementation(_ implementation: any Any.Type) {
        guard let declaration = declarations.last else { return }
        implementations[ObjectIdentifier(declaration)] = implementation
    }

    /// Runs `declare` so that every binding it makes replaces the component's bindings of the
    /// same key.
    func declareOverrides(_ declare: () -> Void) {
        hasOverrides = true
        isDeclaringOverrides = true
        declare()
        isDeclaringOverrides = false
    }

    /// Installs a subcomponent once, binding its factory in this component.
    func install<Sub: ComponentBase>(_ component: Sub.Type, site: CallSite) {
        // Once per key space: an install inside a private module makes a factory that only that
        // module sees, so the component's own install of the same subcomponent is another one.
        if currentBoundary >= 0 {
            guard privateInstallations.insert(PrivateInstallation(component: ObjectIdentifier(component), boundary: currentBoundary)).inserted
            else { return }
        } else {
            guard installedComponents.insert(component) else { return }
        }
        let subcomponent = Subcomponent<Sub>(site: site, installedBy: currentModule)
        installations.append(subcomponent)
        add(subcomponent.declaration)
    }

    func setScope(_ scope: any Any.Type) {
        self.scope = scope
    }

    func setRoot(_ declaration: AnyDeclaration) {
        hasEffects = hasEffects || !declaration.effects.isEmpty
        if root == nil {
            root = declaration
        } else {
            extraRoots.append(declaration)
        }
    }

    func setSeed(_ seed: any ComponentSeed) {
        self.seed = seed
        declarations.append(seed.declaration)
    }
}

/// A subcomponent installed inside a private module: the component and the module's boundary.
private struct PrivateInstallation: Hashable {
    let component: ObjectIdentifier
    let boundary: Int32
}
