import Testing
import Wiring

// A test file that imports both Wiring and Swift Testing, and uses Swift Testing's tags: before
// Wiring's tag protocol was renamed `BindingTag`, `Tag` was ambiguous here and this file did not
// compile ("'Tag' is ambiguous for type lookup in this context").

extension Tag {
    @Tag static var bindingTags: Self
}

private enum BranchName: BindingTag { typealias Element = String }

private struct BranchGreeting {
    let branch: TaggedProvider<BranchName>
}

private struct BranchGreetingComponent: RootComponent {
    typealias Root = BranchGreeting

    static func configure(binder: Binder<Singleton>) {
        binder.bind(String.self).tagged(with: BranchName.self).to(value: "Lisbon")
    }

    static func configureRoot(binder bind: ReceiptBinder<BranchGreeting>) -> BindingReceipt<BranchGreeting> {
        bind.to(factory: BranchGreeting.init)
    }
}

struct SwiftTestingTagTests {
    @Test(.tags(.bindingTags)) func aTaggedBindingAndATestTagLiveInOneFile() throws {
        let greeting = try ComponentFactory.of(BranchGreetingComponent.self).build(())
        #expect(greeting.branch.get() == "Lisbon")
    }
}
