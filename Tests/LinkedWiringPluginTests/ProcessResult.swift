/// What a process did.
struct ProcessResult: Sendable {
    let status: Int32
    let output: String
}
