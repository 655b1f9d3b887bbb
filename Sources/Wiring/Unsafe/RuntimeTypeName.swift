/// The runtime's own name of a type, through the standard library's underscored `_typeName`.
///
/// `_typeName` is what `String(describing:)` prints for a type, without first asking whether the
/// metatype conforms to `CustomStringConvertible` and its kin: the first such question in a
/// process scans every conformance record of the program, a cost a cold `ComponentFactory.of`
/// would pay (Benchmarks/README.md, "Design notes"). To remove it, call `String(describing:)`.
enum RuntimeTypeName {
    /// The type's name without its module: `NetworkExecutor`, `Array<Plugin>`.
    static func unqualified(_ type: any Any.Type) -> String {
        _typeName(type, qualified: false)
    }
}
