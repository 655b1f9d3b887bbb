/// One binding as `configure` declared it: the key it binds, what its factory asks for, where
/// it was declared, and how to link it once the graph is known to be sound.
@usableFromInline
class AnyDeclaration {
    /// How a declaration takes part in the graph.
    enum Role: UInt8 {
        /// The only binding of its key.
        case unique
        /// One of the contributions merged into a collection key.
        case contribution
        /// The component's root, made by `configureRoot`; not a key anyone can ask for.
        case root
        /// The component's seed, stored by `build`.
        case seed
    }

    // The fields are in this order, the flags in one byte and the indices 32-bit, so that a
    // declaration takes 88 bytes: a graph keeps one for every binding.
    let key: BindingKey
    /// The module (or component) whose `configure` declared the binding.
    let declaringModule: any Any.Type
    /// The array the requests are in: the declaration's own until the graph is resolved, then
    /// the graph's, which holds every declaration's requests.
    private var requestStore: [DependencyRequest]
    let site: CallSite?
    /// The effects of the binding's factory itself.
    var effects: Effects = []
    /// The role in its two low bits, then `isShared`, `carriesEffects` and `isOverride`.
    private var flags: UInt8
    private var requestStart: Int32 = 0
    private let requestCount: Int32
    /// Where the graph builder keeps the declaration's link function until the graph is linked
    /// (see ``GraphBuilder/takeLink(of:)``); -1 for declarations that have none there.
    var linkIndex: Int32 = -1

    private static let roleMask: UInt8 = 0b11
    private static let sharedBit: UInt8 = 1 << 2
    private static let carriesEffectsBit: UInt8 = 1 << 3
    private static let overrideBit: UInt8 = 1 << 4

    init(key: BindingKey, role: Role, requests: [DependencyRequest], site: CallSite?, declaringModule: any Any.Type, isShared: Bool) {
        self.key = key
        self.requestStore = requests
        self.requestCount = Int32(requests.count)
        self.site = site
        self.declaringModule = declaringModule
        self.flags = role.rawValue | Self.carriesEffectsBit | (isShared ? Self.sharedBit : 0)
    }

    var role: Role {
        // Set from a `Role` by `init` and never changed.
        Role(rawValue: flags & Self.roleMask) ?? .unique
    }

    /// Whether the binding is shared in its component's scope.
    var isShared: Bool { flags & Self.sharedBit != 0 }

    /// Whether the binding's parameters' effects travel to whoever takes its value (see
    /// `_BindingRecipe.carriesEffects`); when they cannot, validation reports them here.
    var carriesEffects: Bool {
        get { flags & Self.carriesEffectsBit != 0 }
        set { setFlag(Self.carriesEffectsBit, newValue) }
    }

    /// Whether the declaration replaces the component's own bindings of its key (a test override).
    var isOverride: Bool {
        get { flags & Self.overrideBit != 0 }
        set { setFlag(Self.overrideBit, newValue) }
    }

    /// Whether the binding resolves its requests only when its value is used, not while it is
    /// made: an assisted factory's ``Factory`` on `build(_:)`, a ``PropertyInjector`` on
    /// `injectProperties(into:)`. Such requests order no construction, so a cycle through them
    /// is legal, as one through a `Provider` is (see `DependencyOrder`). The binding's value is
    /// made before its requests are resolved, so their effects cannot travel to whoever takes
    /// it: these are exactly the bindings that do not carry effects.
    var defersRequests: Bool { !carriesEffects }

    private func setFlag(_ bit: UInt8, _ isSet: Bool) {
        flags = isSet ? flags | bit : flags & ~bit
    }

    /// What the factory asks for, in parameter order.
    var requests: ArraySlice<DependencyRequest> {
        requestStore[Int(requestStart)..<Int(requestStart + requestCount)]
    }

    /// Takes the requests from the array the whole graph shares, where they start at `start`.
    func shareRequests(_ store: [DependencyRequest], start: Int32) {
        requestStore = store
        requestStart = start
    }

    /// Where the declaration was made, in the code that made it: nil for the seed, which no call
    /// binds, and for the root the default `configureRoot` takes from the graph, whose call is
    /// Wiring's own and not in the code to fix. Every diagnostic and the graph's export take a
    /// declaration's location from here.
    var location: SourceLocation? { isDefaultRoot ? nil : site?.location }

    /// Whether the declaration is the root that `ComponentBase`'s default `configureRoot` binds,
    /// which takes the root from the graph.
    var isDefaultRoot: Bool {
        guard role == .root, let site else { return false }
        return site.line == defaultRootLine && site.file.description == defaultRootFile.description
    }

    /// The element type of a collection contribution; nil for other declarations.
    var elementType: (any Any.Type)? { nil }

    /// The key of a map entry, or of the entry a test removes; nil for every other declaration.
    var mapKey: MapKey? { nil }

    /// What the declaration does to a map: nil for declarations that are not about a map.
    var mapRole: MapRole? { nil }

    /// Whether the declaration is the factory of an installed subcomponent, which binds no type
    /// of any library (the wiring rule leaves it alone).
    var isSubcomponentFactory: Bool { false }

    /// Takes the effects of the recipe that made the declaration.
    func adoptEffects(_ effects: Effects, carriesEffects: Bool) {
        self.effects = effects
        self.carriesEffects = carriesEffects
    }

    /// The type of the value a shared binding keeps in its slot: the key's type, or one element
    /// for a contribution of one element.
    var sharedValueType: any Any.Type { key.type }

    // Linking differs by kind of declaration, and needs the kind's type parameters, which
    // only the declaration's class knows. Each kind overrides this one method to hand itself,
    // typed, to the matching method of what links it (stage 3's `UniqueLinking` and
    // `CollectionLinking`), which holds the linking code: a class method rather than a
    // protocol requirement, because a declaration is a class so that validation reads its
    // stored properties directly, and reaching a protocol from an `AnyDeclaration` would take a
    // conformance lookup per binding in every `of`.

    /// Hands the declaration, as its own class, to `linking`.
    func link<Linking: DeclarationLinking>(with linking: Linking) {
        preconditionFailure("Wiring internal error: \(key.displayName) has no kind of declaration to link.")
    }
}
