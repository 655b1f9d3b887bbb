import ATMAppSupport
import ATMCLI
import ATMLib
import ATMLibWiring
import BillScannerWiring
import FakeNetworkWiring
import Foundation
import Synchronization
import Testing
import Wiring

/// `ComponentApplication` configures and validates its component once per process, however
/// many deposits it makes, banks it syncs with, or times it reads its defaults.
struct ComponentApplicationTests {
    @Test func ofRunsOnceForEveryDepositAndEveryBankOfASync() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("validate-once-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let journal = folder + "/journal.json"
        // Two deposits left pending for two banks, so that `sync` builds one graph per bank. Written
        // as a file: a claim this process held could outlive its release in a child that another
        // test forks at that moment.
        try #"""
            {"pending":[\#
            {"account":"bob","amount_cents":500,"bank_url":"http://127.0.0.1:8080","bills":[5],"idempotency_key":"k-1","recorded_at":"2026-11-22T21:00:00Z"},\#
            {"account":"bob","amount_cents":500,"bank_url":"http://127.0.0.1:9090","bills":[5],"idempotency_key":"k-2","recorded_at":"2026-11-22T21:00:00Z"}\#
            ],"version":1}
            """#.write(toFile: journal, atomically: true, encoding: .utf8)
        let application = await ComponentApplication(CountingRootComponent.self, name: "atm-count")
        let console = RecordingConsole()
        let commandLine = ATMCommandLine(application: application, environment: ["ATM_JOURNAL": journal], console: console.console)
        let bank = ["--account", "alice", "--bank", "http://127.0.0.1:8080"]

        #expect(await commandLine.run(["deposit", "20"] + bank) == .success)
        #expect(await commandLine.run(["deposit", "5"] + bank) == .success)
        // The fake network carries a bank of its own, so each recorded bank is named; the first
        // sync leaves the other bank's deposit pending (75), the second completes it.
        #expect(await commandLine.run(["sync", "--bank", "http://127.0.0.1:8080"]) == .temporaryFailure)
        #expect(await commandLine.run(["sync", "--bank", "http://127.0.0.1:9090"]) == .success)
        #expect(await commandLine.run(["pending"]) == .success)

        #expect(console.error == "")
        #expect(console.output.contains("2 pending deposits at http://127.0.0.1:8080:\n  $5.00 to bob: confirmed"))
        #expect(console.output.contains("1 pending deposit at http://127.0.0.1:9090:\n  $5.00 to bob: confirmed"))
        #expect(CountingModule.configurations.load(ordering: .relaxed) == 1)
    }
}

// MARK: - Fixtures

/// Counts how often it is configured: once per `ComponentFactory.of` of a component that includes it.
private struct CountingModule: Module {
    static let configurations = Atomic(0)

    static func configure(binder: Binder<Unscoped>) {
        configurations.add(1, ordering: .relaxed)
    }
}

/// The development graph, plus the counting module; used by this suite alone.
private struct CountingRootComponent: RootComponent {
    typealias Seed = ATMRunSettings
    typealias Root = ATMEntry

    static func configure(binder: Binder<Singleton>) {
        binder.bind(ATMConfiguration.self).to { (settings: ATMRunSettings) in settings.configuration }
        binder.include(module: ATMLibModule.self)
        binder.include(module: BillScannerModule.self)
        binder.include(module: FakeBankNetworkModule.self)
        binder.include(module: CountingModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<ATMEntry>) -> BindingReceipt<ATMEntry> {
        bind.to(factory: ATMEntry.init)
    }
}
