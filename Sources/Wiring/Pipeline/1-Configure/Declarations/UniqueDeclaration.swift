/// The single binding of a key.
///
/// Not generic, like ``AnyNode``: most declarations are unique ones, and a generic class would
/// cost a runtime metadata lookup per binding in every `ComponentFactory.of`. The type of the
/// value is the key's. The recipe's link function waits in the ``GraphBuilder``, not here: a
/// linked graph keeps its declarations for the graph export, and 16 bytes more would move each
/// of them to a larger allocation.
final class UniqueDeclaration: AnyDeclaration {
    init(key: BindingKey, requests: [DependencyRequest], site: CallSite, declaringModule: any Any.Type, isShared: Bool) {
        super.init(key: key, role: .unique, requests: requests, site: site, declaringModule: declaringModule, isShared: isShared)
    }

    override func link<Linking: DeclarationLinking>(with linking: Linking) {
        linking.link(self)
    }
}
