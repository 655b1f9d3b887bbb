@testable import ATMApp
@testable import ATMDevApp
import ATMLib
import BillScanner
import FakeNetwork
import Network
import Testing
import Wiring

/// The apps' own root components validate and build.
struct RootComponentTests {
    @Test func theProductionGraphValidates() throws {
        let configuration = try BankConfiguration(baseURL: "http://127.0.0.1:1", account: "alice")
        let depositer = try ComponentFactory.of(ATMApp.ATMRootComponent.self).build(configuration)
        #expect(depositer.account == "alice")
    }

    @Test func theDevelopmentGraphDepositsIntoTheFakeBank() async throws {
        let configuration = try BankConfiguration(baseURL: "http://localhost", account: "dev")
        let depositer = try ComponentFactory.of(ATMDevApp.ATMRootComponent.self).build(configuration)
        let receipt = try await depositer.deposit([Bill(.twenty), Bill(.twenty), Bill(.five)])
        #expect(receipt.amount == Money(cents: 4500))
        #expect(receipt.balance == Money(cents: 4500))
        #expect(receipt.depositID == "fake-1")
    }
}
