/// The US bills an ATM accepts, by face value in dollars.
public enum Denomination: Int, CaseIterable, Sendable, Codable, Comparable, CustomStringConvertible {
    case one = 1
    case two = 2
    case five = 5
    case ten = 10
    case twenty = 20
    case fifty = 50
    case hundred = 100

    /// The face value.
    public var value: Money { Money(dollars: rawValue) }

    /// The face value in dollars, as printed on the bill: `20`.
    public var description: String { String(rawValue) }

    public static func < (lhs: Denomination, rhs: Denomination) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The accepted face values in words: `1, 2, 5, 10, 20, 50 and 100`.
    static var accepted: String {
        let values = allCases.map(\.description)
        return values.dropLast().joined(separator: ", ") + " and " + (values.last ?? "")
    }
}
