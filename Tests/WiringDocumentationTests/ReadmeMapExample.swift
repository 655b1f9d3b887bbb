// The example of the README's section "Contributing to a map from many libraries", as the README
// shows it: each `Module` stands for a wiring library of its own.

public import Wiring

public protocol SettingsPane: Sendable {
    var title: String { get }
}

public struct PrivacyPane: SettingsPane {
    public let title = "Privacy"

    public init() {}
}

public struct NotificationsPane: SettingsPane {
    public let title = "Notifications"

    public init() {}
}

public struct SettingsMenu: Sendable {
    public let panes: [String: any SettingsPane]

    public init(panes: [String: any SettingsPane]) {
        self.panes = panes
    }
}

// SettingsWiring: owns the registry; declared, so an app with no pane gets an empty menu
public struct SettingsMenuModule: Module {
    public static func configure(binder: Binder<Unscoped>) {
        binder.declareMap([String: any SettingsPane].self)
        binder.bind(SettingsMenu.self).to(factory: SettingsMenu.init)   // takes [String: any SettingsPane]
    }
}

// PrivacyWiring adds its entry; NotificationsWiring adds "notifications" the same way
public struct PrivacyPaneModule: Module {
    public static func configure(binder: Binder<Unscoped>) {
        binder.bind((any SettingsPane).self).intoMap(key: "privacy").to { PrivacyPane() as any SettingsPane }
    }
}

public struct NotificationsPaneModule: Module {
    public static func configure(binder: Binder<Unscoped>) {
        binder.bind((any SettingsPane).self).intoMap(key: "notifications").to { NotificationsPane() as any SettingsPane }
    }
}

/// The app of the README's section: it includes the wiring libraries and lists no pane.
struct SettingsAppComponent: RootComponent {
    typealias Root = SettingsMenu

    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: SettingsMenuModule.self)
        binder.include(module: PrivacyPaneModule.self)
        binder.include(module: NotificationsPaneModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<SettingsMenu>) -> BindingReceipt<SettingsMenu> {
        bind.to { (menu: SettingsMenu) in menu }
    }
}
