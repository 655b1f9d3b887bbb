/// How a component's seed is bound: as itself, or, for a provider seed such as
/// `TaggedProvider<UserID>`, as the value the provider gives.
enum SeedBinding {
    static func declaration<Seed>(for seed: Seed.Type, component: any Any.Type) -> any ComponentSeed {
        if let provider = Seed.self as? any (ProviderProtocol & DependencyWrapper).Type {
            return providerDeclaration(provider, component: component)
        }
        return SeedDeclaration<Seed, Seed>(component: component)
    }

    private static func providerDeclaration<P: ProviderProtocol & DependencyWrapper>(_ provider: P.Type, component: any Any.Type) -> any ComponentSeed {
        SeedDeclaration<P, P.Element>(key: P.wrappedKey, component: component) { $0.get() }
    }
}
