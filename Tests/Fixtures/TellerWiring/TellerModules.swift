public import Wiring

// The wiring library of the article "Composing roots from linked libraries": the
// documentation tests link it and apply the LinkedWiring plugin, so their `LinkedWiring`
// includes GreetingModule, and neither VisitModule nor TestGreetingModule.

/// What the teller says first.
public struct Greeting: Sendable {
    /// The words.
    public let text: String

    /// Creates a greeting.
    public init(text: String) {
        self.text = text
    }
}

/// Binds the greeting.
public struct GreetingModule: Module {
    public static func configure(binder: Binder<Unscoped>) {
        binder.bind(Greeting.self).to { Greeting(text: "Welcome") }
    }
}

/// The scope of one customer's visit: a subcomponent's.
public struct VisitScope: Scope {}

/// Bindings of the visit subcomponent; its scope keeps it out of `LinkedWiring`.
public struct VisitModule: Module {
    public static func configure(binder: Binder<VisitScope>) {
        binder.bind(String.self).sharedInScope().to { "visit" }
    }
}

// linked-wiring: exclude
/// A greeting for tests, which include this module themselves.
public struct TestGreetingModule: Module {
    public static func configure(binder: Binder<Unscoped>) {
        binder.bind(Greeting.self).to { Greeting(text: "Test") }
    }
}
