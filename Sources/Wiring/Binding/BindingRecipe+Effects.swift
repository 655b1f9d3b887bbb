/// The recipes of factories with effects of their own. They take any number of parameters
/// through a pack: such factories are rare, and their resolution waits or hops anyway.
extension _BindingRecipe {
    /// The recipe of a factory that throws unless `Failure` is `Never`.
    static func throwingFactory<each P, Failure: Error>(
        _ factory: @escaping @Sendable (repeat each P) throws(Failure) -> Input, file: StaticString, line: Int
    ) -> Self {
        Self(requests: DependencyRequest.list(repeat (each P).self), file: file, line: line) { linker in
            switch linker.context {
            case .synchronous:
                // Only a factory that cannot throw (`Failure` is `Never`) is linked here.
                let resolvers = linker.resolvers(repeat (each P).self)
                return linker.finish { instance in
                    do {
                        return try factory(repeat (each resolvers)(instance))
                    } catch {
                        preconditionFailure("Wiring internal error: a factory typed as throwing Never threw \(error).")
                    }
                }
            case .throwing:
                let resolvers = linker.throwingResolvers(repeat (each P).self)
                return linker.finish(throwing: { instance in try factory(repeat try (each resolvers)(instance)) })
            case .mainActor:
                let resolvers = linker.mainActorResolvers(repeat (each P).self)
                return linker.finish(mainActor: { instance in try factory(repeat try (each resolvers)(instance)) })
            case .async:
                let (plains, awaiteds, isPlain) = linker.splitAsyncResolvers(repeat (each P).self)
                return linker.finish(async: { instance in
                    var index = 0
                    return try factory(repeat try await resolveParameter(each plains, each awaiteds, isPlain, &index, instance))
                })
            }
        }
    }

    /// The recipe of a factory isolated to the main actor, which throws unless `Failure` is
    /// `Never`.
    static func mainActorFactory<each P, Failure: Error>(
        _ factory: @escaping @MainActor @Sendable (repeat each P) throws(Failure) -> Input, file: StaticString, line: Int
    ) -> Self {
        Self(requests: DependencyRequest.list(repeat (each P).self), file: file, line: line) { linker in
            switch linker.context {
            case .synchronous, .throwing, .mainActor:
                let resolvers = linker.mainActorResolvers(repeat (each P).self)
                return linker.finish(mainActor: { instance in try factory(repeat try (each resolvers)(instance)) })
            case .async:
                let (plains, awaiteds, isPlain) = linker.splitAsyncResolvers(repeat (each P).self)
                return linker.finish(async: { instance in
                    // The arguments cross to the main actor, and the value back, the way every
                    // value of a graph crosses tasks (see `SharedInstance`).
                    var index = 0
                    let arguments = SentValue((repeat try await resolveParameter(each plains, each awaiteds, isPlain, &index, instance)))
                    return try await MainActor.run { SentValue(try factory(repeat each arguments.value)) }.value
                })
            }
        }
    }

    /// The recipe of an async factory, which throws unless `Failure` is `Never`.
    static func asyncFactory<each P, Failure: Error>(
        _ factory: @escaping @Sendable (repeat each P) async throws(Failure) -> Input, file: StaticString, line: Int
    ) -> Self {
        Self(requests: DependencyRequest.list(repeat (each P).self), file: file, line: line) { linker in
            let (plains, awaiteds, isPlain) = linker.splitAsyncResolvers(repeat (each P).self)
            let errors = linker.errorContext
            return linker.finish(guardedAsync: { instance in
                do {
                    var index = 0
                    return try await factory(repeat try await resolveParameter(each plains, each awaiteds, isPlain, &index, instance))
                } catch {
                    throw errors.wrap(error)
                }
            })
        }
    }
}

extension Effects {
    /// The effects of a factory: `base`, and `throwing` unless `failure` is `Never`.
    static func of<Failure: Error>(_ base: Effects, failure: Failure.Type) -> Effects {
        failure == Never.self ? base : base.union(.throwing)
    }
}
