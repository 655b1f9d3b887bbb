@testable import atm
@testable import atm_dev
import ATMAppSupport
import ATMTestSupport
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

/// The two apps' root components: their modules are named after the executables, `atm` and `atm-dev`.
private typealias ProductionRoot = atm.ATMRootComponent
private typealias DevelopmentRoot = atm_dev.ATMRootComponent

/// The apps' root components validate with every wiring rule on, are the same source, and get
/// their graphs from the wiring libraries they link.
struct RootComponentTests {
    @Test func theProductionGraphValidatesWithEveryRuleAndBuildsTheClient() async throws {
        let factory = try #require(expectValidAsyncGraph(ProductionRoot.self, rules: .all))
        let network = expectBinding((any NetworkExecutor).self, in: factory.graph)
        // The module's private binding to the client, and the one it exposes.
        #expect(network.map(\.module) == ["BankNetworkWiring.BankNetworkModule", "BankNetworkWiring.BankNetworkModule"])
        #expect(network.map(\.implementation) == ["BankNetworkExecutor", nil])
        #expect(network.map(\.privateTo) == ["BankNetworkWiring.BankNetworkModule", nil])
        #expect(network.map(\.exposedFrom) == [nil, "BankNetworkWiring.BankNetworkModule"])
        #expect(factory.graph.boundaries.map(\.module) == ["BankNetworkWiring.BankNetworkModule"])
        let client = expectBinding(BankNetworkExecutor.self, in: factory.graph)
        #expect(client.map(\.module) == ["BankNetworkWiring.BankNetworkModule"])
        expectNoBinding(FakeNetworkExecutor.self, in: factory.graph)
        let entry = try await factory.build(try Self.settings())
        #expect(entry.builtInBank == nil)
        let atm = try await entry.atm.get()
        #expect(atm.depositer.account == "alice")
        #expect(atm.journal.location == "/tmp/journal.json")
    }

    @Test func theTransportOptionsAreJudgedWhenTheGraphIsBuilt() async throws {
        let factory = try AsyncComponentFactory.of(ProductionRoot.self)
        let entry = try await factory.build(try Self.settings(token: "two words"))
        let error = try await #require(throws: ResolutionError.self) { try await entry.atm.get() }
        #expect(error.binding == "BankConfiguration")
        #expect((error.underlying as? NetworkError)?.message
            == "invalid bank configuration: the bearer token must be made of visible ASCII characters only (no spaces, tabs, line breaks or other characters)")
        let caFile = FileManager.default.temporaryDirectory.appendingPathComponent("ca-\(UUID().uuidString).pem").path
        try (TestCertificate.pem + "\n").write(toFile: caFile, atomically: true, encoding: .utf8)
        #expect(try BankConfiguration(options: try Self.settings(token: "tok-1", caFile: caFile).bank) == (try BankConfiguration(
            baseURL: "http://127.0.0.1:1", connectTimeout: .seconds(2), totalTimeout: .seconds(3), bearerToken: "tok-1", caFile: caFile
        )))
        // A CA file that cannot be used fails the build, whatever the scheme.
        let missing = try await factory.build(try Self.settings(token: "tok-1", caFile: "/etc/bank/ca.pem"))
        let refusal = try await #require(throws: ResolutionError.self) { try await missing.atm.get() }
        #expect((refusal.underlying as? NetworkError)?.message
            == "the CA file /etc/bank/ca.pem cannot be read: No such file or directory; give a readable PEM file of certificates of at most 1 MiB")
    }

    @Test func aJournalThatCannotBeOpenedFailsTheBuildNamingItsPath() async throws {
        let factory = try AsyncComponentFactory.of(DevelopmentRoot.self)
        let entry = try await factory.build(try Self.settings(journal: "/"))
        let error = try await #require(throws: ResolutionError.self) { try await entry.atm.get() }
        #expect(error.binding == "any DepositJournal")
        #expect((error.underlying as? JournalError)?.message
            == "the deposit journal / is a folder, not a file: give --journal the path of a file (it is created when needed)")
    }

    @Test func theDevelopmentGraphValidatesWithEveryRuleAndUsesTheFake() throws {
        let factory = try #require(expectValidAsyncGraph(DevelopmentRoot.self, rules: .all))
        let network = expectBinding((any NetworkExecutor).self, in: factory.graph)
        #expect(network.map(\.module) == ["FakeNetworkWiring.FakeBankNetworkModule"])
        #expect(network.map(\.implementation) == ["FakeNetworkExecutor"])
        expectBinding(FakeNetworkExecutor.self, in: factory.graph)
    }

    @Test func theDevelopmentGraphDepositsIntoTheFakeBankWithoutABankURL() async throws {
        let journal = FileManager.default.temporaryDirectory.appendingPathComponent("dev-journal-\(UUID().uuidString).json").path
        let configuration = ATMConfiguration(account: "dev", bank: "in-memory bank", journal: JournalLocation(path: journal))
        let entry = try await AsyncComponentFactory.of(DevelopmentRoot.self)
            .build(ATMRunSettings(configuration: configuration, bank: BankOptions(url: nil)))
        #expect(entry.builtInBank == BuiltInBank(name: "in-memory bank", developmentAccount: "developer"))
        let atm = try await entry.atm.get()
        let receipt = try await atm.depositer.deposit(bills: [Bill(.twenty), Bill(.twenty), Bill(.five)])
        #expect(receipt.amount == Money(cents: 4500))
        #expect(receipt.balance == Money(cents: 4500))
        #expect(receipt.depositID == "fake-1")
    }

    @Test(arguments: ["ATMRootComponent.swift", "main.swift"])
    func theTwoAppsHaveTheSameSources(file: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let production = try String(contentsOf: root.appendingPathComponent("Sources/ATMApp/\(file)"), encoding: .utf8)
        let development = try String(contentsOf: root.appendingPathComponent("Sources/ATMDevApp/\(file)"), encoding: .utf8)
        #expect(production == development)
        let sources = { (app: String) in
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources/\(app)").path).sorted()
        }
        #expect(try sources("ATMApp") == ["ATMRootComponent.swift", "main.swift"])
        #expect(try sources("ATMDevApp") == ["ATMRootComponent.swift", "main.swift"])
    }

    @Test func theTwoGraphsDifferOnlyInTheNetworkLayerTheyLink() throws {
        let production = try AsyncComponentFactory.of(ProductionRoot.self).graph
        let development = try AsyncComponentFactory.of(DevelopmentRoot.self).graph
        let shared = Set(production.bindings.map(\.id)).intersection(development.bindings.map(\.id))
        #expect(shared == [
            "ATMCLI.ATMRunSettings", "ATMLib.ATMConfiguration", "Network.BankOptions", "ATMLib.JournalLocation",
            "any ATMLib.DepositJournal", "ATMLib.ATMDepositer", "ATMLib.DepositSynchronizer", "ATMLib.ATM",
            "BillScanner.BillScanner", "any Network.NetworkExecutor", "root",
        ])
        let productionOnly: Set<String> = Set(production.bindings.map(\.id)).subtracting(shared)
        let developmentOnly: Set<String> = Set(development.bindings.map(\.id)).subtracting(shared)
        let productionLinked: [String] = production.modules.filter(\.isLinked).map(\.module)
        let developmentLinked: [String] = development.modules.filter(\.isLinked).map(\.module)
        #expect(productionOnly == [
            "BankNetworkWiring.BankNetworkModule::BankNetwork.BankConfiguration", "BankNetworkWiring.BankNetworkModule::BankNetwork.BankNetworkExecutor",
            "BankNetworkWiring.BankNetworkModule::any Network.NetworkExecutor",
        ])
        #expect(developmentOnly == ["FakeNetwork.FakeNetworkExecutor", "Network.BuiltInBank"])
        #expect(productionLinked == [
            "ATMLibWiring.ATMLibModule", "BankNetworkWiring.BankNetworkModule", "BillScannerWiring.BillScannerModule",
        ])
        #expect(developmentLinked == [
            "ATMLibWiring.ATMLibModule", "BillScannerWiring.BillScannerModule", "FakeNetworkWiring.FakeBankNetworkModule",
        ])
    }

    static func settings(token: String? = nil, caFile: String? = nil, journal: String = "/tmp/journal.json") throws -> ATMRunSettings {
        let configuration = ATMConfiguration(account: "alice", bank: "http://127.0.0.1:1", journal: JournalLocation(path: journal))
        let bank = BankOptions(
            url: try BankURL("http://127.0.0.1:1"), connectTimeout: .seconds(2), totalTimeout: .seconds(3), bearerToken: token, caFile: caFile
        )
        return ATMRunSettings(configuration: configuration, bank: bank)
    }
}
