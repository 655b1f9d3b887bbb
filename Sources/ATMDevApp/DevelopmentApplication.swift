import ATMCLI
import ATMLib
import Network
import Wiring

/// `atm-dev`: the command line over the development graph, whose bank is in memory. It needs no
/// bank URL and credits a development account unless told otherwise.
struct DevelopmentApplication: ATMApplication {
    let name = "atm-dev"
    let defaults = ATMDefaults(account: "developer", bankURL: "http://localhost")

    func makeDepositer(configuration: BankConfiguration) throws -> ATMDepositer {
        try ComponentFactory.of(ATMRootComponent.self).build(configuration)
    }
}
