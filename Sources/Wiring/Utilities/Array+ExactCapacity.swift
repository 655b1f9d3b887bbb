extension Array {
    /// The same elements in storage of exactly their count, for arrays grown by appending that a
    /// compiled graph then keeps as long as it lives.
    func exactCapacityCopy() -> [Element] {
        guard capacity > count else { return self }
        var copy: [Element] = []
        copy.reserveCapacity(count)
        copy.append(contentsOf: self)
        return copy
    }
}
