/// One of the things compared in a scenario: hand-written code, Wiring or Swinject.
///
/// `run(n)` performs the operation `n` times; the harness picks `n` so that one batch lasts at
/// least the scenario's minimum batch time, and divides the batch's time by `n`.
public struct Contender {
    /// The name shown in the table: `hand-written`, `Wiring`, `Swinject`.
    public let name: String
    /// Performs the operation `n` times.
    public let run: (Int) throws -> Void
    /// Runs after each batch, outside the timed region (to release what the batch kept alive).
    public let afterBatch: () -> Void

    /// Creates a contender.
    ///
    /// - Parameters:
    ///   - name: The name shown in the table.
    ///   - afterBatch: Runs after each batch, untimed.
    ///   - run: Performs the operation `n` times.
    public init(_ name: String, afterBatch: @escaping () -> Void = {}, run: @escaping (Int) throws -> Void) {
        self.name = name
        self.run = run
        self.afterBatch = afterBatch
    }
}
