/// What a binding provides and a dependency asks for: a type, optionally qualified by a tag.
@usableFromInline
struct BindingKey: Hashable, Sendable {
    @usableFromInline let type: any Any.Type
    @usableFromInline let tag: (any Any.Type)?

    @inlinable
    init(_ type: any Any.Type, tag: (any Any.Type)? = nil) {
        self.type = type
        self.tag = tag
    }

    @usableFromInline
    static func == (lhs: BindingKey, rhs: BindingKey) -> Bool {
        lhs.type == rhs.type && lhs.tag.map(ObjectIdentifier.init) == rhs.tag.map(ObjectIdentifier.init)
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type))
        hasher.combine(tag.map(ObjectIdentifier.init))
    }

    /// The key as messages print it: `NetworkExecutor`, `String tagged UserName`.
    var displayName: String {
        guard let tag else { return TypeName.of(type) }
        return "\(TypeName.of(type)) tagged \(TypeName.of(tag))"
    }
}
