/// A component instance that can cross tasks: what providers, factories and resolvers hold.
@usableFromInline
struct SharedInstance: @unchecked Sendable {
    // Safe to share: `ComponentInstance` is not declared `Sendable` only because `ManagedBuffer`
    // is not. Its header is immutable, the seed is written once before the instance is handed out,
    // and each shared slot is published through its atomic state word (written once under the
    // slot's once-protocol with release ordering, read with acquire ordering).
    @usableFromInline let instance: ComponentInstance

    @inlinable
    init(_ instance: ComponentInstance) {
        instance.escape()
        self.instance = instance
    }
}
