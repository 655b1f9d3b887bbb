// Reads Wiring's internals (`@testable import`), so it is compiled only where Wiring has
// testability and `DEBUG` is set: a debug build, and Scripts/test-thread-sanitizer's build under
// AddressSanitizer. Scripts/test's release build is a user's release build, without testability.
#if DEBUG
import Testing
@testable import Wiring

/// The hash table `of` finds entries and included modules with: every key keeps its first value
/// through growth, and a key differs from the same type with a tag or with another tag.
struct KeyTableTests {
    @Test func everyKeyKeepsItsFirstValueThroughGrowth() {
        let types = Self.distinctTypes(300)
        var table = KeyTable()
        for (index, type) in types.enumerated() {
            #expect(table.value(for: BindingKey(type), insertingIfAbsent: index) == index)
            #expect(table.value(for: BindingKey(type, tag: Int.self), insertingIfAbsent: index + 1_000) == index + 1_000)
        }
        for (index, type) in types.enumerated() {
            #expect(table.value(for: BindingKey(type), insertingIfAbsent: -1) == index)
            #expect(table.value(for: BindingKey(type)) == index)
            #expect(table.value(for: BindingKey(type, tag: Int.self)) == index + 1_000)
            #expect(table.value(for: BindingKey(type, tag: String.self)) == nil)
        }
        #expect(table.value(for: BindingKey(Int.self, tag: String.self)) == nil)
    }

    @Test func aTypeAndTheSameTypeAsATagAreDifferentKeys() {
        var table = KeyTable(capacity: 4)
        #expect(table.value(for: BindingKey(Int.self, tag: String.self), insertingIfAbsent: 1) == 1)
        #expect(table.value(for: BindingKey(String.self, tag: Int.self), insertingIfAbsent: 2) == 2)
        #expect(table.value(for: BindingKey(Int.self)) == nil)
        #expect(table.value(for: BindingKey(String.self, tag: Int.self)) == 2)
    }

    @Test func aTypeIsInsertedOnce() {
        var table = KeyTable()
        let types = Self.distinctTypes(100)
        var firstInsertions = 0
        var repeatedInsertions = 0
        for type in types where table.insert(type) { firstInsertions += 1 }
        for type in types.reversed() where table.insert(type) { repeatedInsertions += 1 }
        #expect(firstInsertions == 100)
        #expect(repeatedInsertions == 0)
    }

    /// `[Int]`, `[[Int]]`, and so on: as many distinct types as asked for.
    private static func distinctTypes(_ count: Int) -> [any Any.Type] {
        func arrayOf<T>(_: T.Type) -> any Any.Type { [T].self }
        var types: [any Any.Type] = [Int.self]
        while types.count < count {
            types.append(_openExistential(types[types.count - 1], do: arrayOf))
        }
        return types
    }
}
#endif
