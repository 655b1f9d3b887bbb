import ATMAppSupport
import ATMCLI
import Foundation

let application = ComponentApplication(ATMRootComponent.self, name: "atm")
// A reader that goes away makes writes fail with EPIPE, reported with exit 73, instead of
// killing the process with SIGPIPE after a deposit was credited.
signal(SIGPIPE, SIG_IGN)
let status = await ATMCommandLine(application: application, environment: ProcessInfo.processInfo.environment)
    .run(CommandLine.arguments.dropFirst())
exit(status.rawValue)
