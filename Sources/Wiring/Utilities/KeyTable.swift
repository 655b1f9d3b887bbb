/// A hash table from binding keys (or type identities) to small integers, for the lookups
/// `ComponentFactory.of` makes for every binding: which entry a key has, whether a module was
/// already included.
///
/// `Dictionary` and `Set` would do, but the first time a process uses one with a given key type,
/// the runtime looks up the key's `Hashable` conformance by scanning every conformance record
/// of the program, a noticeable part of a cold `of` in a large app (Benchmarks/README.md,
/// "Design notes"). They also hash with SipHash, where a key here
/// is one or two addresses that a multiplication spreads well enough. This table needs no
/// conformance and no seed: open addressing with linear probing over one array, kept at most
/// half full.
struct KeyTable {
    /// A stored key, its two words, and its value. An empty slot has `first == 0`, which no
    /// type's address is.
    private struct Slot {
        var first: UInt
        var second: UInt
        var value: Int32
    }

    private var slots: [Slot]
    private var count = 0

    /// Creates a table that holds `capacity` keys before it grows.
    init(capacity: Int = 0) {
        slots = Array(repeating: Slot(first: 0, second: 0, value: 0), count: Self.slotCount(for: capacity))
    }

    /// The value stored for `key`, if any.
    func value(for key: BindingKey) -> Int? {
        value(for: key.words)
    }

    /// Stores `value` for `key` unless the key has a value already.
    ///
    /// - Returns: The value stored for `key` now: `value`, or the one it had.
    mutating func value(for key: BindingKey, insertingIfAbsent value: Int) -> Int {
        insert(key.words, value: value)
    }

    /// Adds a type's identity.
    ///
    /// - Returns: Whether it was not there before.
    mutating func insert(_ type: any Any.Type) -> Bool {
        let before = count
        _ = insert((Self.address(of: type), 0), value: 0)
        return count > before
    }

    /// Adds a type's identity within a private module's boundary (see `GraphBuilder.boundaries`),
    /// apart from the same type's identity anywhere else.
    ///
    /// - Returns: Whether it was not there before.
    mutating func insert(_ type: any Any.Type, in boundary: Int32) -> Bool {
        let before = count
        _ = insert((Self.address(of: type), UInt(truncatingIfNeeded: Int(boundary) + 1)), value: 0)
        return count > before
    }

    // MARK: - Probing

    private func value(for words: (first: UInt, second: UInt)) -> Int? {
        let mask = slots.count - 1
        var index = Self.hash(words) & mask
        while true {
            let slot = slots[index]
            if slot.first == 0 { return nil }
            if slot.first == words.first, slot.second == words.second { return Int(slot.value) }
            index = (index + 1) & mask
        }
    }

    private mutating func insert(_ words: (first: UInt, second: UInt), value: Int) -> Int {
        if (count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var index = Self.hash(words) & mask
        while true {
            let slot = slots[index]
            if slot.first == 0 {
                slots[index] = Slot(first: words.first, second: words.second, value: Int32(truncatingIfNeeded: value))
                count += 1
                return value
            }
            if slot.first == words.first, slot.second == words.second { return Int(slot.value) }
            index = (index + 1) & mask
        }
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(first: 0, second: 0, value: 0), count: old.count * 2)
        count = 0
        for slot in old where slot.first != 0 {
            _ = insert((slot.first, slot.second), value: Int(slot.value))
        }
    }

    /// Mixes the two words with a multiplication by a large odd constant (Fibonacci hashing)
    /// and keeps the high bits, where the mixing is best.
    private static func hash(_ words: (first: UInt, second: UInt)) -> Int {
        let mixed = (words.first ^ (words.second &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> 17)
    }

    /// A power of two at least twice `capacity`, and at least 16.
    private static func slotCount(for capacity: Int) -> Int {
        var slots = 16
        while slots < capacity * 2 { slots *= 2 }
        return slots
    }

    static func address(of type: any Any.Type) -> UInt {
        UInt(bitPattern: Int(bitPattern: ObjectIdentifier(type)))
    }
}

extension BindingKey {
    /// The key as two words: the type's address and the tag's (0 without a tag).
    fileprivate var words: (first: UInt, second: UInt) {
        (KeyTable.address(of: type), tag.map(KeyTable.address(of:)) ?? 0)
    }
}
