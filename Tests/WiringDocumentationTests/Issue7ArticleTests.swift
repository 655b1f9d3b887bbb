import Testing
import Wiring

/// Runs the examples of "Subcomponents", "Assisted injection", "Asking for values later" and
/// "Property injection", and checks what each article says they give.
struct SubcomponentsArticleTests {
    @Test func sessionsSeeTheBranchAndKeepTheirOwnCustomer() throws {
        let sessions = try ComponentFactory.of(BranchComponent.self).build()
        let alice = sessions.build("alice")
        let bob = sessions.build("bob")
        #expect(alice.customer == "alice")
        #expect(alice.bankName == "First Bank")
        #expect(bob.customer == "bob")
    }
}

struct AssistedInjectionArticleTests {
    @Test func theScreenIsBuiltFromTheDepositIDAndTheGraph() throws {
        let screens = try ComponentFactory.of(ReceiptsComponent.self).build()
        let screen = screens.build("dep-000042")
        #expect(screen.depositID == "dep-000042")
        #expect(screen.header == "ATM 42")
    }
}

struct AskingForValuesLaterArticleTests {
    @Test func theDeskAndItsStatementsReachEachOtherThroughDeferredParameters() throws {
        let desk = try ComponentFactory.of(DeskComponent.self).build()
        let statement = desk.statements()
        #expect(statement.rate == nil)
        #expect(statement.desk.get() === desk)
        #expect(statement.archive.get() === statement.archive.get())
        #expect(statement.clock.get() !== statement.clock.get())
    }
}

struct PropertyInjectionArticleTests {
    @Test func theControllersPropertiesAreSet() throws {
        let controller = DepositViewController()
        try ComponentFactory.of(ScreensComponent.self).build().injectProperties(into: controller)
        #expect(controller.title == "Deposit")
        #expect(controller.limitCents == 250_000)
    }
}
