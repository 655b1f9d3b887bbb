import Testing
import Wiring

extension PrivateModuleTests {
    /// A private module included inside two private modules exposes to each of them: each gets
    /// its own copy, as a plain module included in two private modules does. It used to be
    /// configured where it was first included only, and the second module's request was
    /// reported as "kept private by" the first.
    @Test func aPrivateModuleIncludedInsideTwoPrivateModulesExposesToBoth() throws {
        #expect(try ComponentFactory.of(TwoUsersRoot.self).build() == "a:port b:port")
    }

    /// Included inside another private module, then by the component: the component's include
    /// is its own, whatever the order.
    @Test func aPrivateModuleIncludedInsideAnotherAndByTheComponentExposesToTheComponent() throws {
        #expect(try ComponentFactory.of(NestedFirstRoot.self).build() == "a:port port")
        #expect(try ComponentFactory.of(ComponentFirstRoot.self).build() == "a:port port")
    }
}

private struct PortHelper: Sendable {}
private struct Port: Sendable { let name: String }
private struct OutA: Sendable { let text: String }
private struct OutB: Sendable { let text: String }

private struct PortModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(PortHelper.self).to(value: PortHelper())
        binder.bind(Port.self).to { (_: PortHelper) in Port(name: "port") }
        binder.expose(Port.self)
    }
}

private struct UserA: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: PortModule.self)
        binder.bind(OutA.self).to { (port: Port) in OutA(text: "a:" + port.name) }
        binder.expose(OutA.self)
    }
}

private struct UserB: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: PortModule.self)
        binder.bind(OutB.self).to { (port: Port) in OutB(text: "b:" + port.name) }
        binder.expose(OutB.self)
    }
}

private struct TwoUsersRoot: RootComponent {
    typealias Root = String
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: UserA.self)
        binder.include(module: UserB.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to { (a: OutA, b: OutB) in a.text + " " + b.text }
    }
}

private struct NestedFirstRoot: RootComponent {
    typealias Root = String
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: UserA.self)
        binder.include(module: PortModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to { (a: OutA, port: Port) in a.text + " " + port.name }
    }
}

private struct ComponentFirstRoot: RootComponent {
    typealias Root = String
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: PortModule.self)
        binder.include(module: UserA.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to { (a: OutA, port: Port) in a.text + " " + port.name }
    }
}
