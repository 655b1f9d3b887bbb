public import Foundation
import Payments
public import Scanning
public import Wiring

// A wiring library that breaks rule 2 on purpose: `CashWiring`'s sibling would be `Cash`, yet it
// binds types of `Scanning` and `Payments`. WiringTests checks the diagnostics, and that its
// entry in a map of `Payments`' port is not one of them.

/// Binds other libraries' types, which a wiring library must not do.
public struct CashModule: Module {
    public static func configure(binder: Binder<Unscoped>) {
        binder.bind(NoteScanner.self, file: "CashWiring/CashModule.swift", line: 12).to(factory: NoteScanner.init)
        binder.bind((any PaymentExecutor).self, file: "CashWiring/CashModule.swift", line: 13).to { StubPaymentExecutor() }
        // An entry of another library's registry, which the rule allows.
        binder.bind((any PaymentExecutor).self, file: "CashWiring/CashModule.swift", line: 15).intoMap(key: "cash").to {
            StubPaymentExecutor() as any PaymentExecutor
        }
    }
}

/// A root component over the rule-breaking module.
public struct CashRootComponent: RootComponent {
    public typealias Root = NoteScanner

    public static func configure(binder: Binder<Unscoped>) {
        binder.include(module: CashModule.self)
    }

    public static func configureRoot(binder bind: ReceiptBinder<NoteScanner>) -> BindingReceipt<NoteScanner> {
        bind.to { (scanner: NoteScanner, _: any PaymentExecutor) in scanner }
    }
}

/// A type declared in the wiring library itself, which rule 1 keeps out of wiring libraries.
public struct Till: Sendable {
    public init() {}
}

/// Binds a type of its own library.
public struct TillModule: Module {
    public static func configure(binder: Binder<Unscoped>) {
        binder.bind(Till.self, file: "CashWiring/CashModule.swift", line: 45).to(factory: Till.init)
    }
}

/// A root component over the module that binds its own library's type.
public struct TillRootComponent: RootComponent {
    public typealias Root = Till

    public static func configure(binder: Binder<Unscoped>) {
        binder.include(module: TillModule.self)
    }

    public static func configureRoot(binder bind: ReceiptBinder<Till>) -> BindingReceipt<Till> {
        bind.to { (till: Till) in till }
    }
}

/// Binds a type of the standard library, which has no wiring library an app could write.
public struct RetryModule: Module {
    public static func configure(binder: Binder<Unscoped>) {
        binder.bind(Int.self, file: "CashWiring/CashModule.swift", line: 63).to(value: 3)
    }
}

/// A root component over the module that binds the standard library's type.
public struct RetryRootComponent: RootComponent {
    public typealias Root = Int

    public static func configure(binder: Binder<Unscoped>) {
        binder.include(module: RetryModule.self)
    }

    public static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to { (retries: Int) in retries }
    }
}

/// Binds a type of Foundation, which has no wiring library an app could write either.
public struct DecoderModule: Module {
    public static func configure(binder: Binder<Unscoped>) {
        binder.bind(JSONDecoder.self, file: "CashWiring/CashModule.swift", line: 83).to { JSONDecoder() }
    }
}

/// A root component over the module that binds Foundation's type.
public struct DecoderRootComponent: RootComponent {
    public typealias Root = JSONDecoder

    public static func configure(binder: Binder<Unscoped>) {
        binder.include(module: DecoderModule.self)
    }

    public static func configureRoot(binder bind: ReceiptBinder<JSONDecoder>) -> BindingReceipt<JSONDecoder> {
        bind.to { (decoder: JSONDecoder) in decoder }
    }
}
