/// The subcomponent `Sub`, installed in a component.
final class Subcomponent<Sub: ComponentBase>: InstalledSubcomponent {
    let site: CallSite
    let installedBy: any Any.Type
    private let factory: SubcomponentFactoryDeclaration<Sub>

    init(site: CallSite, installedBy: any Any.Type) {
        self.site = site
        self.installedBy = installedBy
        factory = SubcomponentFactoryDeclaration(site: site, declaringModule: installedBy)
    }

    var declaration: AnyDeclaration { factory }

    var component: any ComponentBase.Type { Sub.self }

    /// Hands the subcomponent, compiled after its parent, to its factory's binding.
    func setCompiled(_ compiled: CompiledComponent<Sub>) {
        factory.box.compiled = compiled
    }
}
