/// The product of stage 3 and the input of stage 4: the root's resolver and the layout of a
/// component's instances.
///
/// Shared by every factory value and every build of the component; immutable.
///
/// Stage 4 of the pipeline, running, starts here: its entry is `ComponentFactory.build(_:)` (and
/// its main-actor and async siblings, in `Components/`). In: a `CompiledComponent` and the seed.
/// `ComponentInstance.make` allocates one instance with the `InstanceLayout`'s words, `build`
/// stores the seed and calls the root's `Resolver`; resolvers read shared values from their
/// `StorageSlot`s, made exactly once by `OnceSlot` (`ComponentInstance.sharedAsync` for async
/// ones). Out: the root. Providers, `Lazy` and subcomponent factories keep the instance
/// (`SharedInstance`) and resolve later through the same resolvers.
@usableFromInline
final class CompiledComponent<C: ComponentBase>: Sendable {
    // The resolvers come before `description`, whose graph releases the linked nodes one at a
    // time: released first, they never free a chain of resolvers recursively.
    @usableFromInline let root: Resolver<C.Root>
    /// The root's resolver for ``MainActorComponentFactory``: set for that entry point, and for a
    /// subcomponent whose root's resolution has effects but does not await. Nil otherwise: a
    /// root without effects is built by ``root`` on the main actor too.
    let mainActorRoot: MainActorResolver<C.Root>?
    /// The root's resolver for ``AsyncComponentFactory``: set for that entry point, and for a
    /// subcomponent whose root's resolution has effects. Nil otherwise: a root without effects
    /// is built by ``root`` in an async context too.
    @usableFromInline let asyncRoot: AsyncResolver<C.Root>?
    @usableFromInline let layout: InstanceLayout
    @usableFromInline let seedSlot: StorageSlot?
    let description: GraphDescription
    /// The instance a finished `ComponentFactory.build` left for the next one.
    @usableFromInline let spare = SpareInstance()

    init(
        root: @escaping Resolver<C.Root>, rootNode: AnyNode, entry: EffectContext, layout: InstanceLayout, seedSlot: StorageSlot?,
        description: GraphDescription
    ) {
        self.root = root
        if let effectful = rootNode.effectful as? EffectfulResolvers<C.Root> {
            // The root's resolution has effects: only possible for the root of an effectful entry
            // point, or of a subcomponent, whose async and main-actor factories build it. Both
            // resolvers are already made; reading them costs nothing.
            self.mainActorRoot = effectful.mainActor
            self.asyncRoot = effectful.async
        } else {
            self.mainActorRoot = entry == .mainActor ? rootNode.mainActorResolver(as: C.Root.self) : nil
            self.asyncRoot = entry == .async ? rootNode.asyncResolver(as: C.Root.self) : nil
        }
        self.layout = layout
        self.seedSlot = seedSlot
        self.description = description
    }
}
