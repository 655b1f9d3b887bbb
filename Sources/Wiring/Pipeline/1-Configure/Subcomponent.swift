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

    func prepare(parent: ResolvedGraph, rules: ValidationRules) -> PreparedComponent {
        PreparedComponent.prepare(Sub.self, parent: parent, installation: self, rules: rules, overrides: nil)
    }

    func link(_ prepared: PreparedComponent) -> GraphDescription {
        let compiled = CompiledComponent<Sub>.link(prepared)
        factory.box.compiled = compiled
        return compiled.description
    }
}
