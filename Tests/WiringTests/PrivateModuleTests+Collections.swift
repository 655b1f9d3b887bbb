import Synchronization
import Testing
import Wiring

extension PrivateModuleTests {
    @Test func contributionsJoinThePublicCollectionOnlyWhenExposed() throws {
        let root = try ComponentFactory.of(PluginsRoot.self).build()
        #expect(root.public == ["app", "exposed"])
        #expect(root.privateView == ["hidden"])
    }

    @Test func entriesJoinThePublicMapOnlyWhenExposed() throws {
        let root = try ComponentFactory.of(HandlersRoot.self).build()
        #expect(root == ["app": 1, "exposed": 2])
    }
}

private struct PluginView {
    let `public`: [String]
    let privateView: [String]
}

private struct ExposedPluginsModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).intoCollection().to(value: "exposed")
        binder.expose(collectionOf: String.self)
    }
}

private struct HiddenPluginsModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).intoCollection().to(value: "hidden")
        binder.bind(PrivatePlugins.self).to { (plugins: [String]) in PrivatePlugins(names: plugins) }
        binder.expose(PrivatePlugins.self)
    }
}

private struct PrivatePlugins { let names: [String] }

private struct PluginsRoot: RootComponent {
    typealias Root = PluginView
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).intoCollection().to(value: "app")
        binder.include(module: ExposedPluginsModule.self)
        binder.include(module: HiddenPluginsModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<PluginView>) -> BindingReceipt<PluginView> {
        bind.to { (all: [String], hidden: PrivatePlugins) in PluginView(public: all, privateView: hidden.names) }
    }
}

private struct ExposedHandlersModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Int.self).intoMap(key: "exposed").to(value: 2)
        binder.expose(map: [String: Int].self)
    }
}

private struct HiddenHandlersModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Int.self).intoMap(key: "hidden").to(value: 3)
    }
}

private struct HandlersRoot: RootComponent {
    typealias Root = [String: Int]
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Int.self).intoMap(key: "app").to(value: 1)
        binder.include(module: ExposedHandlersModule.self)
        binder.include(module: HiddenHandlersModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (handlers: [String: Int]) in handlers }
    }
}
