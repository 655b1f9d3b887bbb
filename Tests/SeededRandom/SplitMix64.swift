/// The SplitMix64 generator: small, fast and the same on every platform and toolchain, so a
/// randomised test's seed replays its case anywhere. Shared by the randomised suites.
public struct SplitMix64 {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (with a bias too small to matter here).
    public mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// Any element.
    public mutating func pick<T>(_ elements: [T]) -> T {
        elements[below(elements.count)]
    }

    /// One of the first `mostly` elements four times in five, any element otherwise.
    public mutating func pick<T>(_ elements: [T], mostly: Int) -> T {
        elements[chance(80) ? below(mostly) : below(elements.count)]
    }

    /// The index of a choice, drawn with the given weights.
    public mutating func roll(_ weights: [Int]) -> Int {
        var roll = below(weights.reduce(0, +))
        for (index, weight) in weights.enumerated() {
            if roll < weight { return index }
            roll -= weight
        }
        return 0
    }

    /// Shuffles the elements in place (Fisher–Yates).
    public mutating func shuffle<T>(_ elements: inout [T]) {
        for index in elements.indices.dropLast() {
            elements.swapAt(index, index + below(elements.count - index))
        }
    }
}
