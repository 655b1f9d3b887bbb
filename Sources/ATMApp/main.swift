import ATMCLI
import Foundation

let status = await ATMCommandLine(application: ProductionApplication(), environment: ProcessInfo.processInfo.environment)
    .run(CommandLine.arguments.dropFirst())
exit(status.rawValue)
