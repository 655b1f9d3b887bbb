import ATMAppSupport
import ATMCLI
import Foundation

StandardStreams.prepare()

// `atm` and `atm-dev` have this same file: the wiring libraries each target links make the
// difference (a development app's network layer carries its own bank, and with it the default
// account), and each is named in messages by the name it is run by.
// The arguments and the environment as the bytes given: a path that is not UTF-8 names its own file.
let arguments = ProcessInputs.arguments
let application = await ComponentApplication(ATMRootComponent.self, invokedAs: arguments.first)
let status = await ATMCommandLine(application: application, environment: ProcessInputs.environment)
    .run(arguments.dropFirst())
exit(status.rawValue)
