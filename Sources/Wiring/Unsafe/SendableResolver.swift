/// Makes a resolver of a map `@Sendable` without the compiler's check of the key type's
/// metatype.
///
/// A closure generic over a map's `Key: Hashable` captures `Key`'s metatype with its `Hashable`
/// conformance, which Swift 6 cannot prove may cross isolation domains, since a conformance may be
/// isolated to an actor. The keys of a graph's maps come only from `intoMap(key:)`, which takes
/// `Key: Hashable & Sendable`, so their conformances are never isolated; but the conformance of
/// `Dictionary` that makes `[Key: Provider<Value>]` a dependency cannot require `Sendable` of its
/// keys (Swift forbids conditional conformances on marker protocols). The two function types
/// have the same layout.
///
/// To remove: require `Key: SendableMetatype` where Swift allows it in a conditional
/// conformance, and mark the closures `@Sendable`.
func sendableMapResolver<T>(_ resolve: @escaping (ComponentInstance) -> T) -> Resolver<T> {
    unsafe unsafeBitCast(resolve, to: Resolver<T>.self)
}
