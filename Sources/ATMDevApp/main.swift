import ATMAppSupport
import ATMCLI
import Foundation

// The development app needs no bank URL (its bank is in memory) and credits a development
// account unless told otherwise.
let application = ComponentApplication(
    ATMRootComponent.self,
    name: "atm-dev",
    defaults: ATMDefaults(account: "developer", bankURL: "http://localhost")
)
// A reader that goes away makes writes fail with EPIPE, reported with exit 73, instead of
// killing the process with SIGPIPE after a deposit was credited.
signal(SIGPIPE, SIG_IGN)
let status = await ATMCommandLine(application: application, environment: ProcessInfo.processInfo.environment)
    .run(CommandLine.arguments.dropFirst())
exit(status.rawValue)
