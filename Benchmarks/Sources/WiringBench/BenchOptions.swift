internal import Foundation

/// The command line of `wiring-bench`.
struct BenchOptions {
    static let usage = """
        usage: wiring-bench [--quick] [--only KEY[,KEY...]] [--json PATH] [--markdown PATH]
                            [--package-path PATH] [--repository PATH] [--list]
        """

    /// A command-line mistake.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    var isQuick = false
    var only: Set<String> = []
    var jsonPath: String?
    var markdownPath: String?
    var packagePath = FileManager.default.currentDirectoryPath
    var repositoryPath = ""
    var listOnly = false

    init(arguments: [String], scenarioKeys: [String]) throws {
        var remaining = arguments[...]
        func value(of option: String) throws -> String {
            guard let value = remaining.popFirst() else { throw UsageError(description: "\(option) needs a value") }
            return value
        }
        var repository: String?
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": isQuick = true
            case "--list": listOnly = true
            case "--only":
                for key in try value(of: argument).split(separator: ",").map(String.init) {
                    guard scenarioKeys.contains(key) else {
                        throw UsageError(description: "unknown scenario '\(key)'; scenarios: \(scenarioKeys.joined(separator: ", "))")
                    }
                    only.insert(key)
                }
            case "--json": jsonPath = try value(of: argument)
            case "--markdown": markdownPath = try value(of: argument)
            case "--package-path": packagePath = try value(of: argument)
            case "--repository": repository = try value(of: argument)
            default: throw UsageError(description: "unknown argument '\(argument)'")
            }
        }
        repositoryPath = repository ?? URL(fileURLWithPath: packagePath).deletingLastPathComponent().path
    }
}
