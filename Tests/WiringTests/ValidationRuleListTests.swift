// Reads Wiring's internals (`@testable import`), so it is compiled only where Wiring has
// testability and `DEBUG` is set: a debug build, and Scripts/test-thread-sanitizer's build under
// AddressSanitizer. Scripts/test's release build is a user's release build, without testability.
#if DEBUG
import Testing
@testable import Wiring

/// `GraphRules.all` is the one list of validation rules, and the order of its kinds is the order
/// of a component's diagnostics, which `Diagnostic.Kind.allCases` gives users (derived from the
/// list, so the two cannot differ): these tests hold `Diagnostic.Kind` to it, so that a new kind
/// cannot go without a rule, and check the order on a graph with three kinds of problem.
struct ValidationRuleListTests {
    @Test func everyKindIsReportedByARuleOfTheList() {
        let reported = Set(GraphRules.all.map { $0.kind })
        #expect(Diagnostic.Kind.allKinds.filter { !reported.contains($0) }.map(\.description) == [])
        #expect(Set(Diagnostic.Kind.allCases) == Set(Diagnostic.Kind.allKinds))
    }

    @Test func theRulesOfOneKindAreNeighboursInTheList() {
        // Otherwise the order, kind by kind, would not be the order of the output.
        let kinds = Diagnostic.Kind.allCases
        #expect(Set(kinds).count == kinds.count, "\(kinds)")
    }

    @Test func allCasesIsTheOrderInWhichDiagnosticsComeIn() throws {
        #expect(Diagnostic.Kind.allCases.map(\.description) == [
            "scope misuse", "unfinished binding", "invalid override", "duplicate binding", "duplicate map key", "root binding",
            "missing binding", "private binding", "dependency cycle", "unhandled effect", "wiring rule",
        ])
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(ThreeProblemsRoot.self) }
        let kinds = error.diagnostics.map(\.kind)
        #expect(kinds == [.duplicateBinding, .missingBinding, .dependencyCycle])
        #expect(kinds == Diagnostic.Kind.allCases.filter(kinds.contains))
    }
}

private struct Left: Sendable { init(right: Right) {} }
private struct Right: Sendable { init(left: Left) {} }
private struct Absent: Sendable {}

private struct ThreeProblemsRoot: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Left.self).to(factory: Left.init)
        binder.bind(Right.self).to(factory: Right.init)
        binder.bind(Double.self).to(value: 1)
        binder.bind(Double.self).to(value: 2)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to { (_: Left, _: Absent, _: Double) in 0 }
    }
}
#endif
