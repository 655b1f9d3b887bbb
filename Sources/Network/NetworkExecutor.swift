/// Sends deposits to a bank: the port that `ATMDepositer` uses to credit an account.
///
/// `BankNetworkExecutor` (in `BankNetwork`, the framework layer that only production links)
/// implements it over libcurl; `FakeNetworkExecutor` (in `FakeNetwork`) implements it in memory
/// for tests and the development app. Both pass the same contract suite.
public protocol NetworkExecutor: Sendable {
    /// Asks the bank to credit `request.amountCents` to `request.account` and returns what the
    /// bank recorded.
    ///
    /// Sending the same request again (same idempotency key, same body) never credits twice: the
    /// bank replays its first answer.
    ///
    /// - Parameter request: The deposit.
    /// - Returns: The bank's record of the deposit and the account's new balance.
    /// - Throws: ``NetworkError``; its ``NetworkError/mayHaveBeenCredited`` says whether the
    ///   deposit could have reached the bank.
    func deposit(_ request: DepositRequest) async throws -> DepositConfirmation
}
