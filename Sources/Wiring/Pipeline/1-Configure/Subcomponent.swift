/// A subcomponent installed in a component: the binding of its `ComponentFactory` in the parent,
/// and how to prepare and link its own graph under the parent's.
class AnySubcomponent {
    let site: CallSite
    let installedBy: any Any.Type

    init(site: CallSite, installedBy: any Any.Type) {
        self.site = site
        self.installedBy = installedBy
    }

    /// The binding of the subcomponent's factory in the parent.
    var declaration: AnyDeclaration { preconditionFailure("\(Self.self) must provide its declaration") }

    /// Configures and resolves the subcomponent's graph under its parent's (phase one of `of`).
    func prepare(parent: ResolvedGraph, rules: ValidationRules) -> PreparedComponent {
        preconditionFailure("\(Self.self) must prepare its graph")
    }

    /// Links the prepared graph after its parent's (phase two of `of`).
    func link(_ prepared: PreparedComponent) -> GraphDescription {
        preconditionFailure("\(Self.self) must link its graph")
    }
}

/// The subcomponent `Sub`.
final class Subcomponent<Sub: ComponentBase>: AnySubcomponent {
    private let factory: SubcomponentFactoryDeclaration<Sub>

    override init(site: CallSite, installedBy: any Any.Type) {
        factory = SubcomponentFactoryDeclaration(site: site, declaringModule: installedBy)
        super.init(site: site, installedBy: installedBy)
    }

    override var declaration: AnyDeclaration { factory }

    override func prepare(parent: ResolvedGraph, rules: ValidationRules) -> PreparedComponent {
        PreparedComponent.prepare(Sub.self, parent: parent, installation: self, rules: rules, overrides: nil)
    }

    override func link(_ prepared: PreparedComponent) -> GraphDescription {
        let compiled = CompiledComponent<Sub>.link(prepared)
        factory.box.compiled = compiled
        return compiled.description
    }
}
