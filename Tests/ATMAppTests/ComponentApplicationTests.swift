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
    @Test func ofRunsOnceForEveryDepositSyncAndListing() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("validate-once-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let journal = folder + "/journal.json"
        // Two deposits left pending, one for the in-memory bank and one for a real bank. Written
        // as a file: a claim this process held could outlive its release in a child that another
        // test forks at that moment.
        try #"""
            {"pending":[\#
            {"account":"bob","amount_cents":500,"bank_url":"in-memory bank","bills":[5],"idempotency_key":"k-1","recorded_at":"2026-11-22T21:00:00Z"},\#
            {"account":"bob","amount_cents":500,"bank_url":"http://127.0.0.1:9090","bills":[5],"idempotency_key":"k-2","recorded_at":"2026-11-22T21:00:00Z"}\#
            ],"version":1}
            """#.write(toFile: journal, atomically: true, encoding: .utf8)
        let application = await ComponentApplication(CountingRootComponent.self, name: "atm-count")
        let console = RecordingConsole()
        let commandLine = ATMCommandLine(application: application, environment: ["ATM_JOURNAL": journal], console: console.console)
        let account = ["--account", "alice"]

        #expect(await commandLine.run(["deposit", "20"] + account) == .success)
        #expect(await commandLine.run(["deposit", "5"] + account) == .success)
        // The fake network is a bank of its own: the sync completes its deposit and leaves the real
        // bank's pending (75), never sending it to the fake.
        #expect(await commandLine.run(["sync"]) == .temporaryFailure)
        #expect(await commandLine.run(["pending"]) == .success)

        #expect(console.error == "")
        #expect(console.output.contains("""
            2 pending deposits at in-memory bank:
              $5.00 to bob: confirmed, deposit fake-1, balance $5.00
              $5.00 to bob: left pending: it was sent to http://127.0.0.1:9090, which atm-count cannot reach; sync it with the production app
            """))
        #expect(console.output.contains("1 deposit pending in \(journal):"))
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
