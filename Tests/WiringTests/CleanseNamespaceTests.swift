import Testing
import WiringCleanse

/// Cleanse's namespace enum names what code written for Cleanse spells with its module.
struct CleanseNamespaceTests {
    /// Cleanse's namespace has every name of the binding vocabulary Wiring's module has.
    @Test func theCleanseNamespaceNamesTheBuildersAndTheSourceLocation() throws {
        let location: Cleanse.SourceLocation = SourceLocation(file: "Lib/File.swift", line: 7, function: "configure")
        #expect(location.description == "Lib/File.swift:7")
        #expect(try ComponentFactory.of(NamespacedBuildersRoot.self).build() == "finished through Cleanse.BindToable")
    }
}

/// A helper written against Cleanse's namespace: generic over `Cleanse.BindToable`, given a
/// `Cleanse.BindingBuilder`.
private func finish<B: Cleanse.BindToable>(_ builder: B, with text: String) where B.Input == String {
    builder.to(value: text)
}

private struct NamespacedBuildersRoot: Cleanse.RootComponent {
    typealias Root = String
    static func configure(binder: Binder<Singleton>) {
        let builder: Cleanse.BindingBuilder<String, Singleton> = binder.bind(String.self).tagged(with: GreetingText.self)
        finish(builder, with: "finished through Cleanse.BindToable")
    }
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to { (text: TaggedProvider<GreetingText>) in text.get() }
    }
}

private struct GreetingText: Cleanse.Tag { typealias Element = String }
