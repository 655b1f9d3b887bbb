import ATMAppSupport
import ATMCLI
import Foundation

StandardStreams.prepare()

// The development app needs no bank URL: its bank is in memory, and deposits are recorded in
// the journal under that bank's name. It credits a development account unless told otherwise.
let application = ComponentApplication(
    ATMRootComponent.self,
    name: "atm-dev",
    defaults: ATMDefaults(account: "developer", builtInBank: "in-memory bank")
)
let status = await ATMCommandLine(application: application, environment: ProcessInfo.processInfo.environment)
    .run(CommandLine.arguments.dropFirst())
exit(status.rawValue)
