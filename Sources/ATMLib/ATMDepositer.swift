public import BillScanner
import Foundation
public import Network

/// Deposits bills: scans them, records the deposit in the journal, asks the bank to credit the
/// account, and returns the receipt.
///
/// ```swift
/// let receipt = try await depositer.deposit(bills: [Bill(.twenty), Bill(.twenty), Bill(.five)])
/// ```
///
/// No deposit is lost or credited twice:
/// - nothing reaches the bank unless the bills scan (``ScanError``) and the deposit is recorded
///   durably in the journal first (``JournalError``);
/// - a deposit the bank confirms, or certainly did not record, leaves the journal;
/// - a deposit whose outcome is unknown stays in the journal with its idempotency key and throws
///   ``DepositPending``; `DepositSynchronizer` completes it with the same key, which the bank
///   credits at most once.
public struct ATMDepositer: Sendable {
    private let scanner: BillScanner
    private let network: any NetworkExecutor
    private let configuration: ATMConfiguration
    private let journal: any DepositJournal

    /// Creates a depositer.
    ///
    /// - Parameters:
    ///   - scanner: Totals the bills and enforces the limits.
    ///   - network: Sends the deposit to the bank.
    ///   - configuration: The account to credit and the bank it is at (only its ``ATMConfiguration/account``
    ///     and ``ATMConfiguration/bank`` are used: the journal is the one given here).
    ///   - journal: Records each deposit until the bank confirms it.
    public init(scanner: BillScanner, network: any NetworkExecutor, configuration: ATMConfiguration, journal: any DepositJournal) {
        self.scanner = scanner
        self.network = network
        self.configuration = configuration
        self.journal = journal
    }

    /// The account deposits are credited to.
    public var account: String { configuration.account }

    /// Deposits bills into the configured account.
    ///
    /// - Parameter bills: The bills.
    /// - Returns: The receipt, with the amount the bank recorded and the new balance.
    /// - Throws: ``ScanError`` when the bills are refused, ``JournalError`` when the deposit cannot
    ///   be recorded (nothing is sent, and nothing is left in the journal, in either case);
    ///   ``DepositPending`` when the deposit stays in the journal for a sync: its outcome is
    ///   unknown, or it could not be recorded durably, or taken out durably after a refusal;
    ///   ``NetworkError`` when the bank certainly did not record the deposit and it left the
    ///   journal, so that no process can still send it.
    public func deposit(bills: [Bill]) async throws -> DepositReceipt {
        let amount = try scanner.scan(bills)
        let pending = PendingDeposit(
            idempotencyKey: UUID().uuidString.lowercased(),
            account: configuration.account,
            amountCents: amount.cents,
            bills: bills.map(\.denomination.rawValue),
            bankURL: configuration.bank,
            recordedAt: Date.now.formatted(.iso8601)
        )
        let claim: DepositClaim
        do {
            claim = try journal.record(pending)
        } catch {
            guard error.kind == .leftUnsent else { throw error }
            throw DepositPending(deposit: pending, reason: "\(error.message); it was not sent", cause: nil, journalLocation: journal.location)
        }
        // The claim is held until the outcome is settled: no other process sends this key meanwhile.
        defer { claim.release() }
        let request = DepositRequest(account: pending.account, amountCents: pending.amountCents, idempotencyKey: pending.idempotencyKey)
        let confirmation: DepositConfirmation
        do {
            confirmation = try await network.deposit(request)
        } catch let refusal as NetworkError where !refusal.mayHaveBeenCredited {
            // The bank certainly did not record it: the deposit is over, and leaves the journal,
            // durably, before the caller hears "never credited".
            do {
                try journal.removeDurably(claim)
            } catch {
                let removal = error.kind == .leftUnsent
                    ? "taking it out of the journal could not be made durable" : "it could not be taken out of the journal"
                throw DepositPending(
                    deposit: pending,
                    reason: "the bank did not record it (\(refusal.message)), but \(removal): \(error.message)",
                    cause: nil,
                    journalLocation: journal.location
                )
            }
            throw refusal
        } catch let error as NetworkError {
            throw DepositPending(deposit: pending, cause: error, journalLocation: journal.location)
        } catch {
            let unknown = NetworkError(kind: .transferFailed, message: "\(error)", mayHaveBeenCredited: true)
            throw DepositPending(deposit: pending, cause: unknown, journalLocation: journal.location)
        }
        // Confirmed. Should removing it fail, or not be durable, it stays pending (or may be
        // listed again after a crash), a sync replays it harmlessly, and the receipt says so.
        var stillListed: JournalError?
        do {
            try journal.removeDurably(claim)
        } catch {
            stillListed = error
        }
        return DepositReceipt(
            account: confirmation.account,
            bills: bills,
            amount: Money(cents: confirmation.amountCents),
            balance: confirmation.balanceCents.map(Money.init(cents:)),
            depositID: confirmation.depositID,
            idempotencyKey: request.idempotencyKey,
            stillListed: stillListed
        )
    }

    /// Deposits bills and calls `completion` with the receipt or the error, for callers that do
    /// not use Swift concurrency.
    ///
    /// - Parameters:
    ///   - bills: The bills.
    ///   - completion: Called once, from any thread.
    public func deposit(bills: [Bill], completion: @escaping @Sendable (Result<DepositReceipt, any Error>) -> Void) {
        Task {
            do {
                completion(.success(try await deposit(bills: bills)))
            } catch {
                completion(.failure(error))
            }
        }
    }
}
