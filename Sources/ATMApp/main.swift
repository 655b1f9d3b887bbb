import ATMAppSupport
import ATMCLI
import Foundation

StandardStreams.prepare()

let application = ComponentApplication(ATMRootComponent.self, name: "atm")
let status = await ATMCommandLine(application: application, environment: ProcessInfo.processInfo.environment)
    .run(CommandLine.arguments.dropFirst())
exit(status.rawValue)
