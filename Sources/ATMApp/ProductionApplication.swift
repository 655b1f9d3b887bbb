import ATMCLI
import ATMLib
import Network
import Wiring

/// `atm`: the command line over the production graph.
struct ProductionApplication: ATMApplication {
    let name = "atm"
    let defaults = ATMDefaults()

    func makeDepositer(configuration: BankConfiguration) throws -> ATMDepositer {
        try ComponentFactory.of(ATMRootComponent.self).build(configuration)
    }
}
