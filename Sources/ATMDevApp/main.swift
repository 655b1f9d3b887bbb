import ATMAppSupport
import ATMCLI
import Foundation

StandardStreams.prepare()

// The development app needs no bank URL (its bank is in memory) and credits a development
// account unless told otherwise.
let application = ComponentApplication(
    ATMRootComponent.self,
    name: "atm-dev",
    defaults: ATMDefaults(account: "developer", bankURL: "http://localhost")
)
let status = await ATMCommandLine(application: application, environment: ProcessInfo.processInfo.environment)
    .run(CommandLine.arguments.dropFirst())
exit(status.rawValue)
