/// A reason to stop with a message and an exit status.
struct CommandLineFailure: Error, Equatable {
    let exitCode: ExitCode
    let message: String

    static func usage(_ message: String) -> CommandLineFailure {
        CommandLineFailure(exitCode: .usage, message: message)
    }

    static func data(_ message: String) -> CommandLineFailure {
        CommandLineFailure(exitCode: .dataError, message: message)
    }
}
