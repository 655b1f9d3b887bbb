/// The choices made on a builder before its terminal, in one word.
///
/// Kept to one word, so that a builder (this and its graph: two registers) is passed to its
/// terminal in registers, with its type arguments beside it, and every binding's code moves two
/// values instead of four. A larger builder is passed by address with the metadata of the whole
/// `BindingBuilder<Service, Scope>`, which the module that declares the binding then
/// instantiates from its mangled name the first time it runs: for every binding, on every
/// process's first `ComponentFactory.of` (Benchmarks/README.md, "Design notes"). So the
/// location of `bind()` and the tag wait in the graph builder, and the word keeps their numbers:
///
/// - bits 32 to 63: the number of the `bind()` call (`GraphBuilder.recordBindSite`);
/// - bits 1 to 31: the number of the tag (`GraphBuilder.recordTag`) plus one, or 0 for none;
/// - bit 0: whether the binding is shared.
///
/// A copy of a builder keeps its own word, so tagging or sharing one builder changes no other.
@usableFromInline
struct BindingOptions {
    @usableFromInline var word: UInt64

    /// The largest number of a `bind()` call or of a tag that the word holds.
    static let largestNumber = Int(Int32.max) - 1

    @usableFromInline
    init(siteIndex: Int) {
        precondition(siteIndex >= 0 && siteIndex <= Self.largestNumber, "Wiring internal error: more than 2³¹ bind() calls in one graph.")
        word = UInt64(siteIndex) << 32
    }

    /// The number of the builder's `bind()` call.
    var siteIndex: Int { Int(word >> 32) }

    /// Whether the binding is shared in its binder's scope.
    var isShared: Bool {
        get { word & 1 != 0 }
        set { word = newValue ? word | 1 : word & ~1 }
    }

    /// The number of the builder's tag in its graph builder, or nil when it has none.
    var tagNumber: Int? {
        get {
            let stored = Int((word >> 1) & 0x7FFF_FFFF)
            return stored == 0 ? nil : stored - 1
        }
        set {
            var stored: UInt64 = 0
            if let number = newValue {
                precondition(number >= 0 && number < Self.largestNumber, "Wiring internal error: more than 2³¹ tags in one graph.")
                stored = UInt64(number + 1)
            }
            word = (word & ~(0x7FFF_FFFF << 1)) | (stored << 1)
        }
    }
}
