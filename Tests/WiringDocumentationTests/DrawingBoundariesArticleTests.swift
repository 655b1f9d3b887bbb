import Foundation
import Testing
import Wiring

/// Runs the examples of "Drawing boundaries with private modules"
/// (Wiring.docc/DrawingBoundariesWithPrivateModules.md) and checks what the article says they
/// give, the diagnostic word for word. `DocumentationExampleTests` checks that every code block
/// of the article is compiled.
struct DrawingBoundariesArticleTests {
    @Test func eachLibrarySeesItsOwnTransportAndTheAppSeesOnlyThePorts() throws {
        let app = try ComponentFactory.of(BankingDeskComponent.self).build()
        #expect(app.checkout.payments.timeoutSeconds == 5)
        #expect(app.statements.timeoutSeconds == 30)
    }

    @Test func aFeatureThatReachesForTheTransportGetsTheArticlesDiagnostic() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(ReachingComponent.self) }
        #expect(error.description == Self.diagnostic)
    }

    @Test func theArticleShowsTheDiagnosticWordForWord() throws {
        let article = try String(
            contentsOf: DocumentationExampleTests.catalog.appendingPathComponent("DrawingBoundariesWithPrivateModules.md"), encoding: .utf8
        )
        #expect(DocumentationExampleTests.blocks(in: article, language: "text").contains(Self.diagnostic))
    }

    @Test func theFixTheDiagnosticNamesBuildsTheGraph() throws {
        let checkout = try ComponentFactory.of(FixedComponent.self).build()
        #expect(checkout.transport.settings.timeoutSeconds == 5)
    }

    @Test func exposedContributionsJoinTheAppsCollection() throws {
        let features = try ComponentFactory.of(FeaturesComponent.self).build()
        #expect(features.map(\.name) == ["home", "payments"])
    }

    static let diagnostic = """
        Wiring found 1 problem in the object graph of ReachingComponent:

        WiringDocumentationTests/DrawingBoundariesExample.swift:89: error: HTTPTransport is kept private by PaymentsNetworkModule.
          required by RetryingCheckout at WiringDocumentationTests/DrawingBoundariesExample.swift:89
          bound privately at WiringDocumentationTests/DrawingBoundariesExample.swift:37 in PaymentsNetworkModule
          To fix this, expose it with binder.expose(HTTPTransport.self) in the configure(binder:) of PaymentsNetworkModule, or request a type PaymentsNetworkModule exposes instead.
        """
}
