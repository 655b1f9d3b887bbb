/// One bank note.
public struct Bill: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Its face value.
    public let denomination: Denomination

    /// Creates a bill of a known denomination.
    ///
    /// - Parameter denomination: The face value.
    public init(_ denomination: Denomination) {
        self.denomination = denomination
    }

    /// Creates a bill from its face value in dollars.
    ///
    /// - Parameter dollars: The face value: 1, 2, 5, 10, 20, 50 or 100.
    /// - Throws: ``ScanError`` of kind ``ScanError/Kind/unknownDenomination`` for any other value.
    public init(dollars: Int) throws(ScanError) {
        guard let denomination = Denomination(rawValue: dollars) else {
            throw .unknownDenomination(dollars)
        }
        self.denomination = denomination
    }

    /// The face value.
    public var value: Money { denomination.value }

    /// The face value in dollars: `20`.
    public var description: String { denomination.description }
}
