// The example of the README's section "Concurrency: actors, async and throwing factories", as the
// README shows it.

import Wiring

final class Keychain: Sendable {
    init() throws {}
}

actor PaymentsDatabase {
    init(keychain: Keychain) async throws {}
}

@MainActor
final class WalletViewModel {
    let payments: PaymentsDatabase

    init(payments: PaymentsDatabase) {
        self.payments = payments
    }
}

struct WalletComponent: RootComponent {
    typealias Root = WalletViewModel

    static func configure(binder: Binder<Singleton>) {
        binder.bind(Keychain.self).sharedInScope().to(throwingFactory: Keychain.init)                  // init() throws
        binder.bind(PaymentsDatabase.self).sharedInScope().to(asyncFactory: PaymentsDatabase.init)  // an actor: init(keychain:) async throws
    }

    static func configureRoot(binder bind: ReceiptBinder<WalletViewModel>) -> BindingReceipt<WalletViewModel> {
        bind.to(mainActorFactory: WalletViewModel.init)                                                 // a @MainActor view model
    }
}

/// Builds the wallet as the README shows it.
func buildWallet() async throws -> WalletViewModel {
    let factory = try AsyncComponentFactory.of(WalletComponent.self)   // checks that every effect has somewhere to run
    let wallet = try await factory.build()                             // awaits, hops to the main actor, throws ResolutionError
    return wallet
}
