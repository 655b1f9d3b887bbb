// The "unhandled effect" examples of the article "Reading a validation error", as the article
// shows them: one effectful module, and one component per place where an effect cannot run,
// each a golden case that the article quotes (Tests/Fixtures/Diagnostics/<name>.txt). They share
// one file because they share the module.

import Wiring

final class CardReader: Sendable {
    init() throws {}
}

actor CardVault {
    init(reader: CardReader) async {}
}

@MainActor
final class PinPad {
    init(vault: CardVault) {}
}

struct CardModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(CardReader.self, file: "Cards/CardModule.swift", line: 4).sharedInScope().to(throwingFactory: CardReader.init)
        binder.bind(CardVault.self, file: "Cards/CardModule.swift", line: 5).sharedInScope().to(asyncFactory: CardVault.init)
        binder.bind(PinPad.self, file: "Cards/CardModule.swift", line: 6).to(mainActorFactory: PinPad.init)
    }
}

// MARK: - The root, under ComponentFactory.build(_:)

struct CardTerminal {
    init(reader: CardReader) {}
}

struct CardTerminalComponent: RootComponent {
    typealias Root = CardTerminal

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: CardModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<CardTerminal>) -> BindingReceipt<CardTerminal> {
        bind.to(file: "Cards/CardTerminalComponent.swift", line: 9, factory: CardTerminal.init)
    }
}

// MARK: - The root, under MainActorComponentFactory.build(_:)

@MainActor
final class PinScreen {
    init(pad: PinPad) {}
}

struct PinScreenComponent: RootComponent {
    typealias Root = PinScreen

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: CardModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<PinScreen>) -> BindingReceipt<PinScreen> {
        bind.to(file: "Cards/PinScreenComponent.swift", line: 9, mainActorFactory: PinScreen.init)
    }
}

// MARK: - A Provider, a Lazy or a closure

struct CardAudit {
    init(reader: Provider<CardReader>) {}
}

struct CardAuditComponent: RootComponent {
    typealias Root = CardAudit

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: CardModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<CardAudit>) -> BindingReceipt<CardAudit> {
        bind.to(file: "Cards/CardAuditComponent.swift", line: 9, factory: CardAudit.init)
    }
}

// MARK: - A MainActorProvider

struct CardMenu {
    init(pinPad: MainActorProvider<PinPad>) {}
}

struct CardMenuComponent: RootComponent {
    typealias Root = CardMenu

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: CardModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<CardMenu>) -> BindingReceipt<CardMenu> {
        bind.to(file: "Cards/CardMenuComponent.swift", line: 9, factory: CardMenu.init)
    }
}

// MARK: - A subcomponent's factory

struct CardSlot {
    init(reader: CardReader) {}
}

struct CardSlotComponent: Component {
    typealias Root = CardSlot

    static func configure(binder: Binder<Unscoped>) {}

    static func configureRoot(binder bind: ReceiptBinder<CardSlot>) -> BindingReceipt<CardSlot> {
        bind.to(file: "Cards/CardSlotComponent.swift", line: 7, factory: CardSlot.init)
    }
}

struct CardKiosk {
    init(slots: ComponentFactory<CardSlotComponent>) {}
}

struct CardKioskComponent: RootComponent {
    typealias Root = CardKiosk

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: CardModule.self)
        binder.install(dependency: CardSlotComponent.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<CardKiosk>) -> BindingReceipt<CardKiosk> {
        bind.to(file: "Cards/CardKioskComponent.swift", line: 10, factory: CardKiosk.init)
    }
}

@MainActor
final class CardPin {
    init(pad: PinPad) {}
}

struct CardPinComponent: Component {
    typealias Root = CardPin

    static func configure(binder: Binder<Unscoped>) {}

    static func configureRoot(binder bind: ReceiptBinder<CardPin>) -> BindingReceipt<CardPin> {
        bind.to(file: "Cards/CardPinComponent.swift", line: 7, mainActorFactory: CardPin.init)
    }
}

struct CardPinKiosk {
    init(pins: MainActorComponentFactory<CardPinComponent>) {}
}

struct CardPinKioskComponent: RootComponent {
    typealias Root = CardPinKiosk

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: CardModule.self)
        binder.install(dependency: CardPinComponent.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<CardPinKiosk>) -> BindingReceipt<CardPinKiosk> {
        bind.to(file: "Cards/CardPinKioskComponent.swift", line: 10, factory: CardPinKiosk.init)
    }
}

/// The kiosks fixed as their messages say: `ComponentFactory.of` builds them.
struct AsyncCardKiosk {
    init(slots: AsyncComponentFactory<CardSlotComponent>, pins: AsyncComponentFactory<CardPinComponent>) {}
}

struct AsyncCardKioskComponent: RootComponent {
    typealias Root = AsyncCardKiosk

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: CardModule.self)
        binder.install(dependency: CardSlotComponent.self)
        binder.install(dependency: CardPinComponent.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<AsyncCardKiosk>) -> BindingReceipt<AsyncCardKiosk> {
        bind.to(factory: AsyncCardKiosk.init)
    }
}

// MARK: - An assisted factory

final class CardReceipt: Sendable {
    init(number: Assisted<String>, reader: CardReader) {}
}

struct CardReceiptFactory: AssistedFactory {
    typealias Seed = String
    typealias Element = CardReceipt
}

struct CardReceiptComponent: RootComponent {
    typealias Root = Factory<CardReceiptFactory>

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: CardModule.self)
        binder.bindFactory(CardReceipt.self, file: "Cards/CardReceiptModule.swift", line: 7).with(CardReceiptFactory.self).to(factory: CardReceipt.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(file: "Cards/CardReceiptComponent.swift", line: 10) { (receipts: Factory<CardReceiptFactory>) in receipts }
    }
}

// MARK: - A property injector

final class CardReaderViewController {
    func inject(reader: CardReader) {}
}

struct CardReaderScreenComponent: RootComponent {
    typealias Root = PropertyInjector<CardReaderViewController>

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: CardModule.self)
        binder.bindPropertyInjectionOf(CardReaderViewController.self, file: "Cards/CardScreensModule.swift", line: 5).to(injector: CardReaderViewController.inject)
    }

    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(file: "Cards/CardReaderScreenComponent.swift", line: 10) { (injector: PropertyInjector<CardReaderViewController>) in injector }
    }
}

extension GoldenGraphs {
    enum ReadingAValidationErrorCardTerminal: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(CardTerminalComponent.self) }
    }

    enum ReadingAValidationErrorPinScreen: GoldenGraph {
        static func validate() throws { _ = try MainActorComponentFactory.of(PinScreenComponent.self) }
    }

    enum ReadingAValidationErrorCardAudit: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(CardAuditComponent.self) }
    }

    enum ReadingAValidationErrorCardMenu: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(CardMenuComponent.self) }
    }

    enum ReadingAValidationErrorCardKiosk: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(CardKioskComponent.self) }
    }

    enum ReadingAValidationErrorCardPinKiosk: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(CardPinKioskComponent.self) }
    }

    enum ReadingAValidationErrorCardReceipt: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(CardReceiptComponent.self) }
    }

    enum ReadingAValidationErrorCardReaderScreen: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(CardReaderScreenComponent.self) }
    }
}

/// The article's unhandled effects, in its order.
var readingAValidationErrorEffects: [any GoldenGraph.Type] {
    [
        GoldenGraphs.ReadingAValidationErrorCardTerminal.self,
        GoldenGraphs.ReadingAValidationErrorPinScreen.self,
        GoldenGraphs.ReadingAValidationErrorCardAudit.self,
        GoldenGraphs.ReadingAValidationErrorCardMenu.self,
        GoldenGraphs.ReadingAValidationErrorCardKiosk.self,
        GoldenGraphs.ReadingAValidationErrorCardPinKiosk.self,
        GoldenGraphs.ReadingAValidationErrorCardReceipt.self,
        GoldenGraphs.ReadingAValidationErrorCardReaderScreen.self,
    ]
}
