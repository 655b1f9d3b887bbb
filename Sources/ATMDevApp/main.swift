import ATMAppSupport
import ATMCLI
import Foundation

StandardStreams.prepare()

// `atm` and `atm-dev` have this same file: the wiring libraries each target links make the
// difference (a development app's network layer carries its own bank, and with it the default
// account), and each is named by the name it is run by.
let name = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent }.flatMap { $0.isEmpty ? nil : $0 } ?? "atm"
let application = await ComponentApplication(ATMRootComponent.self, name: name)
let status = await ATMCommandLine(application: application, environment: ProcessInfo.processInfo.environment)
    .run(CommandLine.arguments.dropFirst())
exit(status.rawValue)
