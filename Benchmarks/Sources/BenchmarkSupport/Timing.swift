/// The time of one operation over the rounds of an interleaved measurement.
public struct Timing: Sendable, Codable {
    /// The contender's name.
    public let name: String
    /// Nanoseconds per operation, one sample per round, in round order.
    public let samples: [Double]
    /// How many operations each batch performed.
    public let batchSize: Int

    /// Creates a timing from per-round samples.
    public init(name: String, samples: [Double], batchSize: Int) {
        self.name = name
        self.samples = samples
        self.batchSize = batchSize
    }

    /// The median of the rounds, in nanoseconds per operation.
    public var median: Double { Statistics.median(samples) }
    /// The fastest round.
    public var min: Double { samples.min() ?? .nan }
    /// The slowest round.
    public var max: Double { samples.max() ?? .nan }
    /// Operations per second at the median.
    public var operationsPerSecond: Double { 1e9 / median }
}

/// Small statistics helpers.
public enum Statistics {
    /// The median of `values`; NaN when there are none.
    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

extension Duration {
    /// The duration in nanoseconds.
    public var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
