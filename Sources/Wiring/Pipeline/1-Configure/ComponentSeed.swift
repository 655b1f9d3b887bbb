/// A component's seed as the pipeline sees it: its declaration (stage 1), and the slot that
/// holds it in every instance, which linking reserves (stage 3). ``SeedDeclaration`` is the only
/// conforming type.
protocol ComponentSeed: AnyObject {
    /// The seed's binding.
    var declaration: AnyDeclaration { get }

    /// The type of the value passed to `build`, which the slot holds.
    var seedType: any Any.Type { get }

    /// The seed's storage in the component instance, once linking has reserved it.
    var slot: StorageSlot? { get set }
}
