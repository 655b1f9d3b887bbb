/// Where a resolution runs: the entry points and deferred requests that can run a binding's
/// factory, each with the effects it can handle.
@usableFromInline
enum EffectContext: UInt8, Sendable {
    /// `ComponentFactory.build(_:)`, `Provider.get()`, `Lazy`, `WeakProvider`, `() -> T`: none.
    case synchronous
    /// Synchronous and throwing, on any thread: no entry point of its own; what a binding whose
    /// resolution only throws is linked as.
    case throwing
    /// `MainActorComponentFactory.build(_:)`, `MainActorProvider.get()`: main actor and throws.
    case mainActor
    /// `AsyncComponentFactory.build(_:)`, `AsyncProvider.get()`: every effect.
    case async

    /// The effects a resolution in this context can run.
    var allowed: Effects {
        switch self {
        case .synchronous: []
        case .throwing: .throwing
        case .mainActor: [.mainActor, .throwing]
        case .async: [.mainActor, .throwing, .async]
        }
    }

    /// The context a binding whose resolution has `effects` is linked in: the narrowest that can
    /// run them.
    static func native(for effects: Effects) -> EffectContext {
        if effects.isEmpty { return .synchronous }
        if effects.contains(.async) { return .async }
        if effects.contains(.mainActor) { return .mainActor }
        return .throwing
    }
}
