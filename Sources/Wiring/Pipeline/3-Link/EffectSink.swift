/// Where a binding linked in an effectful context leaves its resolvers, and what its errors say
/// about it. One per such binding, while the graph is linked.
@usableFromInline
final class EffectSink {
    /// What the binding's resolvers need to wrap its errors: a value, so that they hold no sink.
    let errorContext: ErrorContext
    /// The binding's `EffectfulResolvers`, once it is linked.
    var resolvers: AnyObject?

    init(errorContext: ErrorContext) {
        self.errorContext = errorContext
    }
}
