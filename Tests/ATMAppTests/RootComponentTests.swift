@testable import ATMApp
@testable import ATMDevApp
import ATMLib
import BillScanner
import FakeNetwork
import Network
import Foundation
import Testing
import Wiring
import WiringTesting

/// The apps' own root components validate, with every wiring rule on, and bind what they should.
struct RootComponentTests {
    @Test func theProductionGraphValidatesWithEveryRule() throws {
        let factory = try #require(expectValidGraph(ATMApp.ATMRootComponent.self, rules: .all))
        let network = expectBinding((any NetworkExecutor).self, in: factory)
        #expect(network.map(\.module) == ["NetworkWiring.BankNetworkModule"])
        expectNoBinding(FakeNetworkExecutor.self, in: factory)
        expectBinding(ATMConfiguration.self, in: factory)
        let atm = factory.build(try Self.configuration())
        #expect(atm.depositer.account == "alice")
        #expect(atm.journal.location == "/tmp/journal.json")
    }

    @Test func theDevelopmentGraphValidatesWithEveryRuleAndUsesTheFake() throws {
        let factory = try #require(expectValidGraph(ATMDevApp.ATMRootComponent.self, rules: .all))
        let network = expectBinding((any NetworkExecutor).self, in: factory)
        #expect(network.map(\.module) == ["FakeNetworkWiring.FakeBankNetworkModule"])
        expectBinding(FakeNetworkExecutor.self, in: factory)
    }

    @Test func theDevelopmentGraphDepositsIntoTheFakeBank() async throws {
        let journal = FileManager.default.temporaryDirectory.appendingPathComponent("dev-journal-\(UUID().uuidString).json").path
        let configuration = ATMConfiguration(bank: try BankConfiguration(baseURL: "http://localhost", account: "dev"), journal: JournalLocation(path: journal))
        let atm = try ComponentFactory.of(ATMDevApp.ATMRootComponent.self).build(configuration)
        let receipt = try await atm.depositer.deposit(bills: [Bill(.twenty), Bill(.twenty), Bill(.five)])
        #expect(receipt.amount == Money(cents: 4500))
        #expect(receipt.balance == Money(cents: 4500))
        #expect(receipt.depositID == "fake-1")
    }

    static func configuration() throws -> ATMConfiguration {
        ATMConfiguration(bank: try BankConfiguration(baseURL: "http://127.0.0.1:1", account: "alice"), journal: JournalLocation(path: "/tmp/journal.json"))
    }

    @Test func theTwoGraphsDifferOnlyInTheNetworkBinding() throws {
        let production = try ComponentFactory.of(ATMApp.ATMRootComponent.self).graph
        let development = try ComponentFactory.of(ATMDevApp.ATMRootComponent.self).graph
        let shared = Set(production.bindings.map(\.id)).intersection(development.bindings.map(\.id))
        #expect(shared == [
            "ATMLib.ATMConfiguration", "Network.BankConfiguration", "ATMLib.JournalLocation", "any ATMLib.DepositJournal",
            "ATMLib.ATMDepositer", "ATMLib.DepositSynchronizer", "ATMLib.ATM", "BillScanner.BillScanner",
            "any Network.NetworkExecutor", "root",
        ])
        #expect(Set(development.bindings.map(\.id)).subtracting(shared) == ["FakeNetwork.FakeNetworkExecutor"])
    }
}
