// A missing binding whose closest bound name is an optional: the suggestion spells it
// `Optional<T>`, where `T?` would end in a doubled question mark ("Did you mean T??").

import Wiring

enum SimilarOptionalExample {
    final class OnboardingViewController: Sendable {}

    struct Welcome: Sendable {
        let onboarding: OnboardingViewController
    }

    struct OnboardingModule: Module {
        static func configure(binder: Binder<Unscoped>) {
            binder.bind(OnboardingViewController?.self, file: "OnboardingWiring/OnboardingModule.swift", line: 5)
                .to(value: nil)
        }
    }

    /// Asks for a type whose name is one letter off the optional's.
    struct OnboardingViewControler: Sendable {}

    struct WelcomeRoot: RootComponent {
        typealias Root = OnboardingViewControler
        static func configure(binder: Binder<Unscoped>) {
            binder.include(module: OnboardingModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<OnboardingViewControler>) -> BindingReceipt<OnboardingViewControler> {
            bind.to(file: "App/WelcomeRoot.swift", line: 9) { (screen: OnboardingViewControler) in screen }
        }
    }
}

extension GoldenGraphs {
    enum SimilarOptionalIsSuggestedLegibly: GoldenGraph {
        static func validate() throws {
            _ = try ComponentFactory.of(SimilarOptionalExample.WelcomeRoot.self)
        }
    }
}
