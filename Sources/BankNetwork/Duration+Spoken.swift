extension Duration {
    /// The duration as people write it in a message: `5 s`, `250 ms`, `1.5 s`.
    ///
    /// Below one second it is whole milliseconds; from one second on, seconds with up to three
    /// decimals and no trailing zeros.
    var spoken: String {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
        guard milliseconds >= 1_000 else { return "\(milliseconds) ms" }
        let whole = milliseconds / 1_000
        var fraction = String(milliseconds % 1_000)
        guard fraction != "0" else { return "\(whole) s" }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction) s"
    }

    /// The duration in whole milliseconds, rounded up so that a positive duration is never 0:
    /// the unit libcurl's `_MS` options take.
    var wholeMillisecondsRoundedUp: Int {
        let (seconds, attoseconds) = components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000)
        guard !overflow else { return Int.max }
        let extra = attoseconds / perMillisecond + (attoseconds % perMillisecond > 0 ? 1 : 0)
        return Int(clamping: milliseconds + extra)
    }

    /// The duration in seconds, as a floating-point number: for arithmetic on pauses, never on money.
    var secondsValue: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
