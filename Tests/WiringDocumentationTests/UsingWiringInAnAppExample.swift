// The examples of the article UsingWiringInAnApp, as the article shows them: its compiled blocks,
// in order, as one file (the SwiftUI, UIKit and XCUITest blocks are not compiled on Linux).

import Testing
import Wiring
import WiringTesting

protocol BudgetService: Sendable {
    func budgetNames() -> [String]
    func spentCents(in budget: String) -> Int
}

struct RemoteBudgetService: BudgetService {
    let baseURL: String

    func budgetNames() -> [String] { ["Groceries", "Rent"] }           // stands for a request to baseURL
    func spentCents(in budget: String) -> Int { budget == "Rent" ? 120_000 : 34_550 }
}

struct APIBaseURL: BindingTag {
    typealias Element = String
}

struct BudgetsModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind((any BudgetService).self).sharedInScope().to { (url: TaggedProvider<APIBaseURL>) in
            RemoteBudgetService(baseURL: url.get()) as any BudgetService
        }
    }
}

struct FakeBudgetService: BudgetService {
    func budgetNames() -> [String] { ["Preview budget"] }
    func spentCents(in budget: String) -> Int { 1_000 }
}

struct FakeBudgetsModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any BudgetService).self).to { FakeBudgetService() as any BudgetService }
    }
}

@MainActor
final class BudgetListViewModel {
    let names: [String]
    private let details: Factory<BudgetDetailsFactory>

    init(service: any BudgetService, details: Factory<BudgetDetailsFactory>) {
        names = service.budgetNames()
        self.details = details
    }

    func open(_ name: String) -> BudgetDetailsViewModel {
        details.build(name)
    }
}

@MainActor
final class BudgetDetailsViewModel {
    let name: String
    private let service: any BudgetService

    nonisolated init(name: Assisted<String>, service: any BudgetService) {
        self.name = name.get()
        self.service = service
    }

    var spent: String {
        let cents = service.spentCents(in: name)
        return "\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)"
    }
}

struct BudgetDetailsFactory: AssistedFactory {
    typealias Seed = String
    typealias Element = BudgetDetailsViewModel
}

struct BudgetScreensModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bindFactory(BudgetDetailsViewModel.self).with(BudgetDetailsFactory.self).to(factory: BudgetDetailsViewModel.init)
    }
}

struct BudgetAppSettings: Sendable {
    let baseURL: String
}

struct BudgetAppComponent: RootComponent {
    typealias Seed = BudgetAppSettings
    typealias Root = BudgetListViewModel

    static func configure(binder: Binder<Singleton>) {
        binder.bind(String.self).tagged(with: APIBaseURL.self).to { (settings: BudgetAppSettings) in settings.baseURL }
        binder.include(module: BudgetsModule.self)
        binder.include(module: BudgetScreensModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<BudgetListViewModel>) -> BindingReceipt<BudgetListViewModel> {
        bind.to(mainActorFactory: BudgetListViewModel.init)
    }
}

struct BudgetPreviewComponent: RootComponent {
    typealias Root = BudgetListViewModel

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: FakeBudgetsModule.self)
        binder.include(module: BudgetScreensModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<BudgetListViewModel>) -> BindingReceipt<BudgetListViewModel> {
        bind.to(mainActorFactory: BudgetListViewModel.init)
    }
}

@MainActor
func makeBudgetRoot(arguments: [String] = CommandLine.arguments) throws -> BudgetListViewModel {
    if arguments.contains("-ui-testing") {
        return try MainActorComponentFactory.of(BudgetPreviewComponent.self).build(())
    }
    let settings = BudgetAppSettings(baseURL: "https://api.example.com")
    return try MainActorComponentFactory.of(BudgetAppComponent.self).build(settings)
}

@MainActor
func previewBudgetList() -> BudgetListViewModel {
    do {
        return try MainActorComponentFactory.of(BudgetPreviewComponent.self).build(())
    } catch {
        preconditionFailure("the preview graph is wrong: \(error)")
    }
}

@MainActor
@Test func theAppAndPreviewGraphsAreValid() {
    expectValidMainActorGraph(BudgetAppComponent.self)
    expectValidMainActorGraph(BudgetPreviewComponent.self)
}

@MainActor
@Test func aBudgetOpensWithWhatItSpent() throws {
    let factory = try MainActorComponentFactory.of(BudgetAppComponent.self, replacing: { binder in
        binder.bind((any BudgetService).self).to { FakeBudgetService() as any BudgetService }
    })
    let list = try factory.build(BudgetAppSettings(baseURL: "https://unused.example"))
    #expect(list.names == ["Preview budget"])
    #expect(list.open("Preview budget").spent == "10.00")
}

struct BudgetWidgetEntry {
    let service: any BudgetService

    var totalCents: Int {
        service.budgetNames().map(service.spentCents(in:)).reduce(0, +)
    }
}

struct BudgetWidgetComponent: RootComponent {
    typealias Seed = BudgetAppSettings
    typealias Root = BudgetWidgetEntry

    static func configure(binder: Binder<Singleton>) {
        binder.bind(String.self).tagged(with: APIBaseURL.self).to { (settings: BudgetAppSettings) in settings.baseURL }
        binder.include(module: BudgetsModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<BudgetWidgetEntry>) -> BindingReceipt<BudgetWidgetEntry> {
        bind.to(factory: BudgetWidgetEntry.init)
    }
}
