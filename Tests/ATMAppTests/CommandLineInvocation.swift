import ATMCLI
import ATMLib
import BillScanner
import FakeATMLib
import FakeNetwork
import Foundation
import Network
import Testing

/// One run of the command line over a fake bank.
struct Invocation {
    let arguments: [String]
    let environment: [String: String]
    let script: [FakeNetworkExecutor.Step]
    let graphIsValid: Bool

    /// The fake app keeps its journal in memory; `ATM_JOURNAL` only satisfies the command line.
    init(_ arguments: [String], environment: [String: String] = [:], script: [FakeNetworkExecutor.Step] = [], graphIsValid: Bool = true) {
        self.arguments = arguments
        self.environment = ["ATM_JOURNAL": "/nonexistent/journal.json"].merging(environment) { _, new in new }
        self.script = script
        self.graphIsValid = graphIsValid
    }

    struct Result {
        let status: ExitCode
        let output: String
        let error: String
        let network: FakeNetworkExecutor
        let journal: InMemoryDepositJournal
    }

    func run(journal: InMemoryDepositJournal = InMemoryDepositJournal()) async -> Result {
        let network = FakeNetworkExecutor()
        for step in script { network.script(step) }
        let console = RecordingConsole()
        let application = FakeBankApplication(network: network, journal: journal, graphIsValid: graphIsValid)
        let commandLine = ATMCommandLine(application: application, environment: environment, console: console.console)
        let status = await commandLine.run(arguments)
        return Result(status: status, output: console.output, error: console.error, network: network, journal: journal)
    }
}

/// An app named `atm` over a fake bank and an in-memory journal, whose graph reports are canned.
struct FakeBankApplication: ATMApplication {
    let network: FakeNetworkExecutor
    let journal: InMemoryDepositJournal
    var graphIsValid = true
    let name = "atm"
    let defaults = ATMDefaults()

    func makeATM(settings: ATMRunSettings) async throws(ATMBuildFailure) -> ATM {
        ATM(
            depositer: ATMDepositer(scanner: BillScanner(), network: network, configuration: settings.configuration, journal: journal),
            synchronizer: DepositSynchronizer(network: network, configuration: settings.configuration, journal: journal),
            journal: journal
        )
    }

    func validateGraph() -> GraphReport {
        graphIsValid ? GraphReport(isValid: true, text: "valid") : GraphReport(isValid: false, text: "error: missing binding\n")
    }

    func renderGraph(format: String) -> GraphReport {
        graphIsValid ? GraphReport(isValid: true, text: "graph as \(format)\n") : validateGraph()
    }
}
