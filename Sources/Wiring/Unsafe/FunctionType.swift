/// Recognises a factory parameter of type `() -> T` or `@Sendable () -> T`, which Wiring
/// resolves as a closure that asks the graph for `T` when called.
enum FunctionType {
    /// `T` when `type` is `() -> T` or `@Sendable () -> T` (escaping or not); nil for any other
    /// type, including functions that take parameters, throw, are async or actor-isolated.
    ///
    /// Reads the function's type metadata, whose layout is part of Swift's stable ABI: the kind
    /// word, a flags word (parameter count, convention, throws, async, …), then the result type.
    static func resultOfNullaryClosure(_ type: any Any.Type) -> (any Any.Type)? {
        let metadata = unsafe unsafeBitCast(type, to: UnsafeRawPointer.self)
        guard unsafe metadata.load(as: UInt.self) == functionMetadataKind else { return nil }
        let flags = unsafe metadata.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self)
        guard flags & ~(escapingFlag | sendableFlag) == 0 else { return nil }
        let result = unsafe metadata.load(fromByteOffset: 2 * MemoryLayout<UInt>.size, as: UnsafeRawPointer.self)
        let resultType: any Any.Type = unsafe unsafeBitCast(result, to: Any.Type.self)
        return resultType
    }

    private static let functionMetadataKind: UInt = 0x302
    private static let escapingFlag: UInt = 1 << 26
    private static let sendableFlag: UInt = 1 << 30
}
