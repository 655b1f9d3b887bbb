// Reads Wiring's internals (`@testable import`), so it is compiled only where Wiring has
// testability and `DEBUG` is set: a debug build, and Scripts/test-thread-sanitizer's build under
// AddressSanitizer. Scripts/test's release build is a user's release build, without testability.
#if DEBUG
import Testing
@testable import Wiring

/// Which bound name a missing type's message suggests. A name is suggested up to and including
/// its edit-distance limit, `max(2, letters / 3)`, and not one edit past it.
struct NameSuggestionTests {
    @Test func aNameExactlyAtTheLimitIsSuggested() {
        // Four letters: the limit is 2. "Klok" is two edits from "Clock".
        #expect(NameSuggestion.editDistance(Array("klok"), Array("clock")) == 2)
        #expect(NameSuggestion.closest(to: "Klok", among: ["Clock"]) == 0)
        // Nine letters: the limit is 3. "Despenzor" is three edits from "Dispenser".
        #expect(NameSuggestion.editDistance(Array("despenzor"), Array("dispenser")) == 3)
        #expect(NameSuggestion.closest(to: "Despenzor", among: ["Wallet", "Dispenser"]) == 1)
    }

    @Test func aNameOneEditPastTheLimitIsNotSuggested() {
        #expect(NameSuggestion.editDistance(Array("kloq"), Array("clock")) == 3)
        #expect(NameSuggestion.closest(to: "Kloq", among: ["Clock"]) == nil)
        #expect(NameSuggestion.editDistance(Array("despenzox"), Array("dispenser")) == 4)
        #expect(NameSuggestion.closest(to: "Despenzox", among: ["Dispenser"]) == nil)
    }

    @Test func ofEquallyCloseNamesTheFirstIsSuggested() {
        // "Kat" is one edit from both "Cat" and "Bat": the first of the names given (the bindings
        // in the order they were declared) is the suggestion, whichever it is.
        #expect(NameSuggestion.closest(to: "Kat", among: ["Cat", "Bat"]) == 0)
        #expect(NameSuggestion.closest(to: "Kat", among: ["Bat", "Cat"]) == 0)
        #expect(NameSuggestion.closest(to: "Kat", among: ["Wallet", "Bat", "Cat"]) == 1)
    }

    @Test func theMessageOfAMissingTypeSuggestsANameAtTheLimit() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(KlokRoot.self) }
        #expect(error.diagnostics.map(\.description) == [NameSuggestionTests.expectedMessage])
    }

    static let expectedMessage = """
        Time/TimeRoot.swift:8: error: Missing binding for Klok.
          required by Int, the root of KlokRoot at Time/TimeRoot.swift:8
          Did you mean Clock? It is bound at Time/ClockModule.swift:3 in KlokRoot.
          To fix this, bind it with binder.bind(Klok.self).to(...) in a module that KlokRoot includes, or include the module that binds it.
        """
}

private struct Clock: Sendable {}
private struct Klok: Sendable {}

private struct KlokRoot: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Clock.self, file: "Time/ClockModule.swift", line: 3).to(factory: Clock.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to(file: "Time/TimeRoot.swift", line: 8) { (_: Klok) in 0 }
    }
}
#endif
