// Reads Wiring's internals (`@testable import`), so it is compiled only where Wiring has
// testability and `DEBUG` is set: a debug build, and Scripts/test-thread-sanitizer's build under
// AddressSanitizer. Scripts/test's release build is a user's release build, without testability.
#if DEBUG
import Testing
@testable import Wiring

/// Which bound name a missing type's message suggests. A name is suggested up to and including
/// its edit-distance limit, `max(2, letters / 3)`, and not one edit past it, when fewer edits than
/// half the letters of the longer name separate them; never the type that asks for the missing one.
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

    /// A name of two letters is suggested for no other of two letters: one edit is half of it.
    @Test func aTwoLetterNameIsSuggestedForNoOtherTwoLetterName() {
        // Two letters each, two edits apart: every letter differs.
        #expect(NameSuggestion.editDistance(Array("ab"), Array("tx")) == 2)
        #expect(NameSuggestion.closest(to: "Ab", among: ["Tx"]) == nil)
        // One edit of two letters is half the name.
        #expect(NameSuggestion.closest(to: "K1", among: ["K2"]) == nil)
        #expect(NameSuggestion.closest(to: "any K1", among: ["X2"]) == nil)
    }

    /// The type that asks for the missing one is not suggested, however close its name: taking
    /// it would make a cycle. Here nothing else is bound, so no name is suggested.
    @Test func theRequiringTypeIsNotSuggested() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(TxRoot.self) }
        #expect(error.diagnostics.map(\.description) == [
            """
            App/Tx.swift:4: error: Missing binding for Ab.
              required by Tx at App/Tx.swift:4
              To fix this, bind it with binder.bind(Ab.self).to(...) in a module that TxRoot includes, or include the module that binds it.
            """
        ])
    }

    /// The requiring type is left out even when its name is a typo away from the missing one.
    @Test func theRequiringTypeIsNotSuggestedHoweverCloseItsName() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(DispenserRoot.self) }
        #expect(error.diagnostics.map(\.description) == [
            """
            App/Dispenser.swift:5: error: Missing binding for Dispensor.
              required by Dispenser at App/Dispenser.swift:5
              To fix this, bind it with binder.bind(Dispensor.self).to(...) in a module that DispenserRoot includes, or include the module that binds it.
            """
        ])
    }

    /// In a graph with several missing short names, none gets the requiring type, nor another
    /// short name, as a suggestion.
    @Test func severalMissingShortNamesGetNoSuggestion() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(X2Root.self) }
        #expect(error.diagnostics.map(\.description) == ["K1", "K3", "K4", "K5"].map { name in
            """
            App/X2.swift:6: error: Missing binding for any \(name).
              required by X2 at App/X2.swift:6
              To fix this, bind it with binder.bind((any \(name)).self).to(...) in a module that X2Root includes, or include the module that binds it.
            """
        })
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

private struct Ab {}
private struct Tx {
    init(ab: Ab) {}
}

private struct TxRoot: RootComponent {
    typealias Root = Tx
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Tx.self, file: "App/Tx.swift", line: 4).to(factory: Tx.init)
    }
}

private struct Dispensor {}
private struct Dispenser {
    init(inner: Dispensor) {}
}

private struct DispenserRoot: RootComponent {
    typealias Root = Dispenser
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Dispenser.self, file: "App/Dispenser.swift", line: 5).to(factory: Dispenser.init)
    }
}

private protocol K1 {}
private protocol K3 {}
private protocol K4 {}
private protocol K5 {}
private struct X2 {
    init(k1: any K1, k3: any K3, k4: any K4, k5: any K5) {}
}

private struct X2Root: RootComponent {
    typealias Root = X2
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(X2.self, file: "App/X2.swift", line: 6).to(factory: X2.init)
    }
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
