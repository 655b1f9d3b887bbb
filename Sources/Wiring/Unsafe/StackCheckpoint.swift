/// Lets a resolution go deeper than the calling thread's stack allows.
///
/// Resolving a binding calls the resolvers of its parameters, so a chain of bindings uses stack
/// in proportion to its depth. A graph has no
/// depth limit: where the linker finds a key deeper than ``levels`` it puts a checkpoint in its
/// resolver (see ``isNeeded(depth:shallowestDependency:)``), so that no path of a resolution
/// runs more than ``levels`` bindings without passing one. A checkpoint measures the stack the
/// thread has left; where that is less than ``reserve``, it resolves the rest of the chain on a
/// new thread with a stack of its own, ``freshStackSize`` bytes, and waits for it.
///
/// Graphs less than ``levels`` deep, which is nearly all of them, have no checkpoint at all.
@usableFromInline
enum StackCheckpoint {
    /// At most this many bindings of one resolution path lie between two checkpoints.
    static let levels = 128
    /// A checkpoint moves to a fresh stack when less than this is left: enough for ``levels``
    /// bindings of a debug build with a generous factory each.
    static let reserve = 1 << 20
    /// The stack of the thread a checkpoint moves a resolution to: ``reserve`` less than this is
    /// used before the next move, far more than ``levels`` bindings need. It is kept this small
    /// for ThreadSanitizer, whose record of a thread's calls holds 65,536 frames and silently
    /// overwrites the memory after it when a thread nests deeper.
    static let freshStackSize = 4 << 20

    /// Whether a key at `depth` (1 for a binding without dependencies, one more than its
    /// deepest dependency otherwise) needs a checkpoint: it does when one of its dependencies
    /// lies in a lower band of ``levels`` depths, so that every path from band to band starts at
    /// a checkpoint.
    static func isNeeded(depth: Int, shallowestDependency: Int) -> Bool {
        depth >= levels && shallowestDependency / levels < depth / levels
    }

    /// Resolves `resolve` on this thread when its stack has room, on a fresh stack otherwise.
    @usableFromInline
    static func resolve<T>(_ instance: ComponentInstance, _ resolve: Resolver<T>) -> T {
        if ThreadStack.remaining() >= reserve {
            return resolve(instance)
        }
        return ThreadStack.onFreshStack(size: freshStackSize) { resolve(instance) }
    }

    /// Resolves a resolution that throws on this thread when its stack has room, on a fresh
    /// stack otherwise; an error reaches the caller as it was thrown.
    static func resolve<T>(_ instance: ComponentInstance, _ resolve: ThrowingResolver<T>) throws -> T {
        if ThreadStack.remaining() >= reserve {
            return try resolve(instance)
        }
        return try ThreadStack.onFreshStack(size: freshStackSize) { Result { try resolve(instance) } }.get()
    }
}
