import ATMAppSupport
import ATMCLI
import Foundation

StandardStreams.prepare()

// `atm` and `atm-dev` have this same file: the wiring libraries each target links make the
// difference (a development app's network layer carries its own bank, and with it the default
// account), and each is named in messages by the name it is run by.
let application = await ComponentApplication(ATMRootComponent.self, invokedAs: CommandLine.arguments.first)
let status = await ATMCommandLine(application: application, environment: ProcessInfo.processInfo.environment)
    .run(CommandLine.arguments.dropFirst())
exit(status.rawValue)
