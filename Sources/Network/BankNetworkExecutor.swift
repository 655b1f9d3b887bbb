/// Sends deposits to the bank over HTTP(S) with libcurl. (Being implemented.)
public final class BankNetworkExecutor: NetworkExecutor {
    /// The configuration deposits are sent with.
    public let configuration: BankConfiguration

    /// Creates an executor.
    ///
    /// - Parameter configuration: Where and how to reach the bank.
    public init(configuration: BankConfiguration) {
        self.configuration = configuration
    }

    public func deposit(_ request: DepositRequest) async throws -> DepositConfirmation {
        throw NetworkError(kind: .transferFailed, message: "not implemented yet", mayHaveBeenCredited: false)
    }
}
