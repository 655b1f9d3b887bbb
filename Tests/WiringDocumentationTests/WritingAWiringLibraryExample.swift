// The examples of the article WritingAWiringLibrary, as the article shows them: its blocks, in
// order, as one file, and its test. The article's file imports Wiring without `public`; this
// target imports its modules internally by default, so its public declarations need `public import`.

public import Wiring
import Testing
import WiringTesting

public struct ReceiptPrinter: Sendable {
    public let header: String

    public init(header: String) {
        self.header = header
    }

    public func receipt(forCents cents: Int) -> String {
        let fraction = cents % 100 < 10 ? "0\(cents % 100)" : "\(cents % 100)"
        return "\(header): $\(cents / 100).\(fraction)"
    }
}

public struct ReceiptHeader: BindingTag {
    public typealias Element = String
}

public struct ReceiptsModule: Module {
    public static func configure(binder: Binder<Unscoped>) {
        binder.bind(ReceiptPrinter.self).to { (header: TaggedProvider<ReceiptHeader>) in
            ReceiptPrinter(header: header.get())
        }
    }
}

struct ReceiptsAppComponent: RootComponent {
    typealias Root = ReceiptPrinter

    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: ReceiptsModule.self)
        binder.bind(String.self).tagged(with: ReceiptHeader.self).to(value: "ATM 42")
    }

    static func configureRoot(binder bind: ReceiptBinder<ReceiptPrinter>) -> BindingReceipt<ReceiptPrinter> {
        bind.to { (printer: ReceiptPrinter) in printer }
    }
}

@Test func theReceiptsGraphIsValid() throws {
    let factory = try #require(expectValidGraph(ReceiptsAppComponent.self))
    #expect(factory.build().receipt(forCents: 4500) == "ATM 42: $45.00")
}
