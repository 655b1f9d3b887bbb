import Synchronization
import Wiring

// Types whose initialisers have effects, and the components that bind them: the fixtures of
// the effect suites. Each component passes explicit locations, so that messages are stable.

/// Counts calls across tasks.
final class EffectCounter: Sendable {
    private let count = Atomic(0)
    var value: Int { count.load(ordering: .acquiring) }
    @discardableResult func increment() -> Int { count.add(1, ordering: .acquiringAndReleasing).newValue }
}

/// Thrown by the fixtures' factories.
struct EffectFixtureError: Error, Equatable, CustomStringConvertible {
    let reason: String
    var description: String { "fixture error: \(reason)" }
}

final class EffectDatabase: Sendable {
    static let opened = EffectCounter()
    let path: String
    init(path: String) throws {
        EffectDatabase.opened.increment()
        guard !path.isEmpty else { throw EffectFixtureError(reason: "no path") }
        self.path = path
    }
}

actor EffectPool {
    let database: EffectDatabase
    init(database: EffectDatabase) async {
        self.database = database
    }
}

@MainActor
final class EffectViewModel {
    static let made = EffectCounter()
    let pool: EffectPool
    init(pool: EffectPool) {
        MainActor.assertIsolated()
        EffectViewModel.made.increment()
        self.pool = pool
    }
}

@MainActor
final class SettingsViewModel {
    let path: String
    init(path: String) {
        MainActor.assertIsolated()
        self.path = path
    }
}

/// A view model whose initialiser is `@MainActor`, `async` and throwing at once.
@MainActor
final class LoadingViewModel {
    nonisolated static let made = EffectCounter()
    let pool: EffectPool
    init(pool: EffectPool) async throws {
        MainActor.assertIsolated()
        guard pool.database.path != "broken" else { throw EffectFixtureError(reason: "cannot load") }
        LoadingViewModel.made.increment()
        self.pool = pool
    }
}

struct EffectRepository: Sendable {
    let database: EffectDatabase
}
