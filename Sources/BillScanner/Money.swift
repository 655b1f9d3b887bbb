/// An exact amount of US dollars, in cents.
///
/// Money is never a floating-point number here: `Money(cents: 4500)` is exactly $45.00.
public struct Money: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The amount in cents.
    public let cents: Int

    /// Creates an amount.
    ///
    /// - Parameter cents: The amount in cents.
    public init(cents: Int) {
        self.cents = cents
    }

    /// Creates an amount of whole dollars.
    ///
    /// - Parameter dollars: The amount in dollars.
    public init(dollars: Int) {
        self.cents = dollars * 100
    }

    public static func < (lhs: Money, rhs: Money) -> Bool {
        lhs.cents < rhs.cents
    }

    /// The amount as people write it: `$1,045.00`, `-$3.50`.
    public var description: String {
        let magnitude = cents.magnitude
        let dollars = String(magnitude / 100)
        let grouped = dollars.reversed().enumerated().reduce(into: "") { result, element in
            if element.offset > 0, element.offset % 3 == 0 { result.append(",") }
            result.append(element.element)
        }
        let remainder = magnitude % 100
        let fraction = remainder < 10 ? "0\(remainder)" : "\(remainder)"
        return "\(cents < 0 ? "-" : "")$\(String(grouped.reversed())).\(fraction)"
    }
}
