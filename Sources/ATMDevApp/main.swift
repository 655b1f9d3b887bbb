import ATMCLI
import Foundation

let status = await ATMCommandLine(application: DevelopmentApplication(), environment: ProcessInfo.processInfo.environment)
    .run(CommandLine.arguments.dropFirst())
exit(status.rawValue)
