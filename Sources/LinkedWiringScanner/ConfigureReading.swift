/// What the reader made of one `configure` body.
public struct ConfigureReading: Equatable, Sendable, Codable {
    /// The calls it understood, in order.
    public var calls: [BinderCall] = []
    /// Whether the body may do something the calls do not show: hand its binder to another
    /// function, include a module where the reader cannot follow, or call on the binder inside
    /// a branch, a loop, a closure or an `#if`.
    public var isOpaque = false
}
