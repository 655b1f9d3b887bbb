@testable import atm_dev
import ATMAppSupport
import ATMCLI
import ATMLib
import Foundation
import Network
import Testing

/// The development app's root component: its module is named after the executable, `atm-dev`.
private typealias DevelopmentAppRoot = atm_dev.ATMRootComponent

/// An app whose bank is in memory never pairs it with another bank, and is named by its first
/// argument only in messages.
struct BuiltInBankApplicationTests {
    @Test func theInMemoryBankNeverStandsInForAnotherBank() async throws {
        let application = await ComponentApplication(DevelopmentAppRoot.self, invokedAs: "/usr/local/bin/atm-dev")
        #expect(application.name == "atm-dev")
        #expect(application.defaults.stateFolder == "atm-dev")
        let journal = JournalLocation(path: FileManager.default.temporaryDirectory.appendingPathComponent("dev-\(UUID().uuidString).json").path)
        let settings = ATMRunSettings(
            configuration: ATMConfiguration(account: "alice", bank: "https://bank.example", journal: journal),
            bank: BankOptions(url: try BankURL("https://bank.example"))
        )
        do throws(ATMBuildFailure) {
            _ = try await application.makeATM(settings: settings)
            Issue.record("the in-memory bank was built for https://bank.example")
        } catch {
            guard case let .bankOptions(refusal) = error else { Issue.record("\(error)"); return }
            #expect(refusal.message == "atm-dev deposits only into its in-memory bank, so it cannot use the bank https://bank.example; use the production app for a real bank")
        }
    }

    @Test(arguments: [("", "atm-dev"), ("/", "atm-dev"), ("./dev\u{1B}[2J", "dev\\u{1B}[2J"), ("atm-prod", "atm-prod")])
    func theNameComesFromTheFirstArgumentAndIsEscaped(argument: String, name: String) async throws {
        let application = await ComponentApplication(DevelopmentAppRoot.self, invokedAs: argument)
        #expect(application.name == name)
        #expect(application.defaults.stateFolder == "atm-dev")
    }
}
