/// The order of a collection's elements, as Cleanse orders them: a component's own
/// contributions, in the order of its bindings (a private module's exposed ones where the module
/// is included), then the collection its nearest ancestor provides for the same key, itself
/// ordered the same way. A subcomponent's `[Element]` holds its own elements, then its parent's,
/// then its grandparent's.
///
/// The one statement of that order: the linker makes a collection's resolvers with it, and the
/// graph export lists a collection's contributions with it, and a map's entries, which the map
/// itself does not keep in any order.
enum CollectionOrder {
    /// A collection's parts in the order of their elements.
    ///
    /// - Parameters:
    ///   - own: The parts of the component's own contributions, in declaration order.
    ///   - inherited: The part an ancestor's collection of the same key makes; nil without one.
    /// - Returns: The parts, in the order their elements come.
    static func parts<Part>(own: consuming [Part], inherited: Part?) -> [Part] {
        var parts = own
        if let inherited { parts.append(inherited) }
        return parts
    }
}
