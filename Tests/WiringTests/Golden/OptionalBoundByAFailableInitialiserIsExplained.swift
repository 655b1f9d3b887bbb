// A binding made by a failable initialiser: `bind().to(factory: LoginViewController.init)` picks
// `init?(coder:)` and binds `LoginViewController?`, while the graph asks for the non-optional
// type. The message says so, and how to pick the initialiser that does not fail. (Code written for
// Cleanse meets it in UIKit apps; here a plain class with the same initialisers stands in.)

import Wiring

enum FailableInitialiserExample {
    struct Coder: Sendable {}

    final class LoginViewController: Sendable {
        init() {}
        init?(coder: Coder) { return nil }
    }

    struct Onboarding: Sendable {
        let login: LoginViewController
    }

    struct LoginModule: Module {
        static func configure(binder: Binder<Unscoped>) {
            binder.bind(Coder.self, file: "LoginWiring/LoginModule.swift", line: 5).to(value: Coder())
            // The factory's one parameter picks `init?(coder:)`: the binding is of `LoginViewController?`.
            binder.bind(file: "LoginWiring/LoginModule.swift", line: 7).to(factory: LoginViewController.init(coder:))
        }
    }

    struct OnboardingRoot: RootComponent {
        typealias Root = Onboarding
        static func configure(binder: Binder<Unscoped>) {
            binder.include(module: LoginModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<Onboarding>) -> BindingReceipt<Onboarding> {
            bind.to(file: "App/OnboardingRoot.swift", line: 12, factory: Onboarding.init)
        }
    }
}

extension GoldenGraphs {
    enum OptionalBoundByAFailableInitialiserIsExplained: GoldenGraph {
        static func validate() throws {
            _ = try ComponentFactory.of(FailableInitialiserExample.OnboardingRoot.self)
        }
    }
}
