/// The binding of `ComponentFactory<Sub>` in the component that installs `Sub`.
final class SubcomponentFactoryDeclaration<Sub: ComponentBase>: AnyDeclaration {
    /// Holds the subcomponent once it is linked, which happens after its parent.
    final class Box: @unchecked Sendable {
        // Safe to share: written once while `ComponentFactory.of` links, before any build.
        var compiled: CompiledComponent<Sub>?
    }

    let box = Box()

    init(site: CallSite, declaringModule: any Any.Type) {
        super.init(
            key: BindingKey(ComponentFactory<Sub>.self), role: .unique, requests: [], site: site,
            declaringModule: declaringModule, isShared: false
        )
    }

    override var isSubcomponentFactory: Bool { true }

    override func link<Linking: DeclarationLinking>(with linking: Linking) {
        linking.link(self)
    }
}
