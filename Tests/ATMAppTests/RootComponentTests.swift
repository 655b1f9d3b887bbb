@testable import ATMApp
@testable import ATMDevApp
import ATMCLI
import ATMLib
import BankNetwork
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
        #expect(network.map(\.module) == ["ATMApp.ATMRootComponent"])
        let client = expectBinding(BankNetworkExecutor.self, in: factory)
        #expect(client.map(\.module) == ["BankNetworkWiring.BankNetworkModule"])
        expectNoBinding(FakeNetworkExecutor.self, in: factory)
        expectBinding(ATMConfiguration.self, in: factory)
        let atm = factory.build(try Self.productionSeed())
        #expect(atm.depositer.account == "alice")
        #expect(atm.journal.location == "/tmp/journal.json")
    }

    @Test func theProductionSeedCarriesTheTransportOptionsToTheClient() throws {
        let seed = try Self.productionSeed(token: "tok-1", caFile: "/etc/bank/ca.pem")
        #expect(seed.configuration == ATMConfiguration(account: "alice", bank: "http://127.0.0.1:1", journal: JournalLocation(path: "/tmp/journal.json")))
        #expect(seed.bank == (try BankConfiguration(
            baseURL: "http://127.0.0.1:1", connectTimeout: .seconds(2), totalTimeout: .seconds(3), bearerToken: "tok-1", caFile: "/etc/bank/ca.pem"
        )))
        let error = try #require(throws: NetworkError.self) { try Self.productionSeed(token: "two words") }
        #expect(error.message == "invalid bank configuration: the bearer token must be non-empty and contain no spaces or line breaks")
    }

    @Test func theDevelopmentGraphValidatesWithEveryRuleAndUsesTheFake() throws {
        let factory = try #require(expectValidGraph(ATMDevApp.ATMRootComponent.self, rules: .all))
        let network = expectBinding((any NetworkExecutor).self, in: factory)
        #expect(network.map(\.module) == ["FakeNetworkWiring.FakeBankNetworkModule"])
        expectBinding(FakeNetworkExecutor.self, in: factory)
    }

    @Test func theDevelopmentGraphDepositsIntoTheFakeBankWithoutABankURL() async throws {
        let journal = FileManager.default.temporaryDirectory.appendingPathComponent("dev-journal-\(UUID().uuidString).json").path
        let configuration = ATMConfiguration(account: "dev", bank: "in-memory bank", journal: JournalLocation(path: journal))
        let atm = try ComponentFactory.of(ATMDevApp.ATMRootComponent.self).build(configuration)
        let receipt = try await atm.depositer.deposit(bills: [Bill(.twenty), Bill(.twenty), Bill(.five)])
        #expect(receipt.amount == Money(cents: 4500))
        #expect(receipt.balance == Money(cents: 4500))
        #expect(receipt.depositID == "fake-1")
    }

    static func productionSeed(token: String? = nil, caFile: String? = nil) throws -> ProductionSeed {
        let configuration = ATMConfiguration(account: "alice", bank: "http://127.0.0.1:1", journal: JournalLocation(path: "/tmp/journal.json"))
        let bank = BankOptions(
            url: try BankURL("http://127.0.0.1:1"), connectTimeout: .seconds(2), totalTimeout: .seconds(3), bearerToken: token, caFile: caFile
        )
        return try ProductionSeed(settings: ATMRunSettings(configuration: configuration, bank: bank))
    }

    @Test func theTwoGraphsDifferOnlyInTheNetworkAndTheSeed() throws {
        let production = try ComponentFactory.of(ATMApp.ATMRootComponent.self).graph
        let development = try ComponentFactory.of(ATMDevApp.ATMRootComponent.self).graph
        let shared = Set(production.bindings.map(\.id)).intersection(development.bindings.map(\.id))
        #expect(shared == [
            "ATMLib.ATMConfiguration", "ATMLib.JournalLocation", "any ATMLib.DepositJournal",
            "ATMLib.ATMDepositer", "ATMLib.DepositSynchronizer", "ATMLib.ATM", "BillScanner.BillScanner",
            "any Network.NetworkExecutor", "root",
        ])
        #expect(Set(production.bindings.map(\.id)).subtracting(shared) == [
            "ATMApp.ProductionSeed", "BankNetwork.BankConfiguration", "BankNetwork.BankNetworkExecutor",
        ])
        #expect(Set(development.bindings.map(\.id)).subtracting(shared) == ["FakeNetwork.FakeNetworkExecutor"])
    }
}
