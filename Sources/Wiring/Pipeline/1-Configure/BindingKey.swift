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

    /// Feeds the hasher one word: the type's address, and the tag's rotated by one bit so that
    /// swapping type and tag changes it. Half the hashing of combining both identifiers (and the
    /// tag's optional case) separately; `ComponentFactory.of` hashes every key a few times.
    @usableFromInline
    func hash(into hasher: inout Hasher) {
        let typeBits = UInt(bitPattern: Int(bitPattern: ObjectIdentifier(type)))
        let tagBits = tag.map { UInt(bitPattern: Int(bitPattern: ObjectIdentifier($0))) } ?? 0
        hasher.combine(typeBits ^ (tagBits << 1 | tagBits >> (UInt.bitWidth - 1)))
    }

    // Cold: a key's name in messages only. `@_optimize(none)` here and below keeps the optimiser
    // off it (Benchmarks/README.md, "Cold code, not optimised").
    /// The key as messages print it: `NetworkExecutor`, `String tagged UserName`.
    @_optimize(none)
    var displayName: String {
        guard let tag else { return TypeName.of(type) }
        return "\(TypeName.of(type)) tagged \(TypeName.of(tag))"
    }
}
