/// Measures several contenders in one run, interleaved: every round times one batch of each
/// contender, so that whatever the machine does meanwhile (frequency changes, other processes)
/// falls on all of them alike. The result is one sample per contender per round; compare the
/// medians.
public struct Interleaved {
    /// The number of rounds.
    public var rounds: Int
    /// The shortest batch: the batch size doubles until one batch takes at least this long.
    public var minimumBatch: Duration
    /// Untimed batches of each contender before the rounds start.
    public var warmUpBatches: Int

    /// Creates a measurement plan.
    public init(rounds: Int, minimumBatch: Duration = .milliseconds(10), warmUpBatches: Int = 2) {
        self.rounds = rounds
        self.minimumBatch = minimumBatch
        self.warmUpBatches = warmUpBatches
    }

    /// Calibrates each contender's batch size, warms each up, then runs the rounds, starting each
    /// round with the next contender so that none always runs first.
    ///
    /// - Parameters:
    ///   - contenders: What to compare.
    ///   - fixedBatchSize: A batch size to use instead of calibrating (for slow operations).
    /// - Returns: One timing per contender, in the order given.
    /// - Throws: What a contender throws.
    public func measure(_ contenders: [Contender], fixedBatchSize: Int? = nil) throws -> [Timing] {
        let sizes = try contenders.map { contender in try fixedBatchSize ?? calibrate(contender) }
        for _ in 0..<warmUpBatches {
            for (contender, size) in zip(contenders, sizes) {
                _ = try time(contender, size)
            }
        }
        var samples = Array(repeating: [Double](), count: contenders.count)
        for round in 0..<rounds {
            for offset in 0..<contenders.count {
                let index = (round + offset) % contenders.count
                samples[index].append(try time(contenders[index], sizes[index]) / Double(sizes[index]))
            }
        }
        return contenders.indices.map { Timing(name: contenders[$0].name, samples: samples[$0], batchSize: sizes[$0]) }
    }

    /// Nanoseconds of one batch of `size` operations.
    private func time(_ contender: Contender, _ size: Int) throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try contender.run(size)
        let elapsed = clock.now - start
        contender.afterBatch()
        return elapsed.nanoseconds
    }

    /// A batch size whose batch lasts at least `minimumBatch`: grows fast while far from it.
    private func calibrate(_ contender: Contender) throws -> Int {
        let target = minimumBatch.nanoseconds
        var size = 1
        while true {
            let elapsed = try time(contender, size)
            if elapsed >= target || size >= 1 << 40 { return size }
            // Grow fast while far from the target, by doubling near it.
            let estimate = elapsed > 0 ? Int(target / elapsed * Double(size)) : size * 16
            size = Swift.max(size * 2, Swift.min(estimate, size * 64))
        }
    }
}
