import Testing
import Wiring

/// `AsyncTaggedProvider` and `MainActorTaggedProvider` defer a tagged binding with effects.
struct TaggedEffectProviderTests {
    @Test func anAsyncTaggedProviderRunsTheTaggedBindingsEffectsOnGet() async throws {
        let root = try ComponentFactory.of(TaggedArchiveRoot.self).build()
        let archive = try await root.archive.get()
        #expect(archive.name == "archive")
        #expect(try await root.archive.asProvider().get() === archive)
    }

    @MainActor
    @Test func aMainActorTaggedProviderMakesTheTaggedBindingOnTheMainActor() throws {
        let root = try ComponentFactory.of(TaggedArchiveRoot.self).build()
        #expect(try root.screen.get().title == "screen")
    }

    @Test func theGraphShowsTheirEdgesAsDeferredEffectfulRequests() throws {
        let graph = try ComponentFactory.of(TaggedArchiveRoot.self).graph
        #expect(graph.dependencies(of: "root").map(\.kind) == [.asyncProvider, .mainActorProvider])
        #expect(graph.dependencies(of: "root").map(\.parameter) == ["AsyncTaggedProvider<ArchiveTag>", "MainActorTaggedProvider<ScreenTag>"])
    }

    @Test func aTestCanMakeThemFromAFunction() async throws {
        let provider = AsyncTaggedProvider<ArchiveTag>(getter: { await Archive(name: "made") })
        #expect(try await provider.get().name == "made")
    }
}

// MARK: - Fixtures

private actor Archive {
    nonisolated let name: String
    init(name: String) async {
        self.name = name
    }
}

@MainActor
private final class TaggedScreen {
    let title: String
    init(title: String) {
        MainActor.assertIsolated()
        self.title = title
    }
}

private struct ArchiveTag: Wiring.BindingTag { typealias Element = Archive }
private struct ScreenTag: Wiring.BindingTag { typealias Element = TaggedScreen }

private struct TaggedArchives {
    let archive: AsyncTaggedProvider<ArchiveTag>
    let screen: MainActorTaggedProvider<ScreenTag>
}

private struct TaggedArchiveRoot: RootComponent {
    typealias Root = TaggedArchives
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Archive.self).tagged(with: ArchiveTag.self).sharedInScope().to { () async -> Archive in await Archive(name: "archive") }
        binder.bind(TaggedScreen.self).tagged(with: ScreenTag.self).to { @MainActor () -> TaggedScreen in TaggedScreen(title: "screen") }
    }
    static func configureRoot(binder bind: ReceiptBinder<TaggedArchives>) -> BindingReceipt<TaggedArchives> {
        bind.to(factory: TaggedArchives.init)
    }
}
