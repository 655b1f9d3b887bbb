public import BillScanner
import Foundation
public import Network

/// Deposits bills: scans them, asks the bank to credit the account, and returns the receipt.
///
/// ```swift
/// let depositer = ATMDepositer(scanner: BillScanner(), network: network, configuration: configuration)
/// let receipt = try await depositer.deposit([Bill(.twenty), Bill(.twenty), Bill(.five)])
/// ```
///
/// Nothing reaches the bank unless the bills scan: an empty deposit, an unknown denomination or a
/// deposit over the limits throws ``ScanError`` before any request.
public struct ATMDepositer: Sendable {
    private let scanner: BillScanner
    private let network: any NetworkExecutor
    private let configuration: BankConfiguration

    /// Creates a depositer.
    ///
    /// - Parameters:
    ///   - scanner: Totals the bills and enforces the limits.
    ///   - network: Sends the deposit to the bank.
    ///   - configuration: The bank and the account to credit.
    public init(scanner: BillScanner, network: any NetworkExecutor, configuration: BankConfiguration) {
        self.scanner = scanner
        self.network = network
        self.configuration = configuration
    }

    /// The account deposits are credited to.
    public var account: String { configuration.account }

    /// Deposits bills into the configured account.
    ///
    /// - Parameter bills: The bills.
    /// - Returns: The receipt, with the amount the bank recorded and the new balance.
    /// - Throws: ``ScanError`` when the bills are refused (nothing is sent), or ``NetworkError``
    ///   when the bank cannot be reached or refuses the deposit.
    public func deposit(_ bills: [Bill]) async throws -> DepositReceipt {
        let amount = try scanner.scan(bills)
        let request = DepositRequest(
            account: configuration.account,
            amountCents: amount.cents,
            idempotencyKey: UUID().uuidString.lowercased()
        )
        let confirmation = try await network.deposit(request)
        return DepositReceipt(
            account: confirmation.account,
            bills: bills,
            amount: Money(cents: confirmation.amountCents),
            balance: Money(cents: confirmation.balanceCents),
            depositID: confirmation.depositID,
            idempotencyKey: request.idempotencyKey
        )
    }

    /// Deposits bills and calls `completion` with the receipt or the error, for callers that do
    /// not use Swift concurrency.
    ///
    /// - Parameters:
    ///   - bills: The bills.
    ///   - completion: Called once, from any thread.
    public func deposit(_ bills: [Bill], completion: @escaping @Sendable (Result<DepositReceipt, any Error>) -> Void) {
        Task {
            do {
                completion(.success(try await deposit(bills)))
            } catch {
                completion(.failure(error))
            }
        }
    }
}
