/// A component's seed as the pipeline sees it: its declaration (stage 1), and the slot that
/// holds it in every instance (stage 3). ``SeedDeclaration`` is the only conforming type.
protocol ComponentSeed: AnyObject {
    /// The seed's binding.
    var declaration: AnyDeclaration { get }

    /// Reserves the storage of the seed in the component instance.
    func reserveSlot(in layout: inout InstanceLayoutBuilder) -> StorageSlot
}
