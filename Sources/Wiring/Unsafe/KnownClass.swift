/// `object` as the class it is known to be by construction, without a dynamic cast: the
/// declarations grouped under one key are all of one class (the contributions to `[Element]`
/// are `ContributionDeclaration<Element>`, the entries of `[Key: Value]` are
/// `MapEntryDeclaration<Key, Value>`), because the key is made from the same type parameters.
/// A debug build checks it (`unsafeDowncast` does).
@inline(__always)
func knownClass<T: AnyObject>(_ object: AnyObject, as type: T.Type) -> T {

    return unsafe unsafeDowncast(object, to: T.self)
}
