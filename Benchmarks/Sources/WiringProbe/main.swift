internal import Foundation
internal import ProbeGraphs

// `wiring-probe OPERATION COUNT`: what Scripts/check-thresholds runs under callgrind. It holds
// only the threshold probes (ProbeGraphs), so CI builds it without the scale graphs, Swinject
// and the scenarios of `wiring-bench`.

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "usage: wiring-probe OPERATION COUNT (OPERATION: \(ThresholdProbe.operations.joined(separator: ", ")))\n"
guard arguments.count == 2, let count = Int(arguments[1]), count >= 0 else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(64)
}
do {
    guard try ThresholdProbe.run(arguments[0], count: count) else {
        FileHandle.standardError.write(Data("wiring-probe: unknown operation '\(arguments[0])'\n\(usage)".utf8))
        exit(64)
    }
} catch {
    FileHandle.standardError.write(Data("wiring-probe: \(error)\n".utf8))
    exit(1)
}
