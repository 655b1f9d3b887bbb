/// The kind of a type, read from its metadata: enough to skip work that only some kinds need.
///
/// The first word of every type's metadata is its kind, part of Swift's stable ABI: 0x200 for
/// a struct, 0x201 for an enum, 0x202 for `Optional`, other values for classes, tuples,
/// functions, existentials and metatypes.
struct TypeKind {
    let rawValue: UInt

    /// The kind of `type`.
    static func of(_ type: any Any.Type) -> TypeKind {
        unsafe TypeKind(rawValue: unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self))
    }

    /// Whether a type of this kind can be a `DependencyWrapper`: Wiring's wrappers are structs
    /// and `Optional`. Testing this first spares most parameters a conformance lookup.
    var mayBeWrapper: Bool {
        rawValue == 0x200 || rawValue == 0x201 || rawValue == 0x202
    }

    /// Whether a type of this kind is a protocol existential (`any P`, 0x303, or an extended
    /// existential such as `any P<T>`, 0x307), which Swift's own printing does not mark.
    var isExistential: Bool {
        rawValue == 0x303 || rawValue == 0x307
    }
}
