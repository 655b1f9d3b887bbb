extension NetworkExecutor {
    /// Credits an account and reports the outcome to a callback: the seed's form of
    /// ``deposit(_:)``, for callers that do not use `async`.
    ///
    /// The deposit runs in a new `Task`; `callback` is called once, on no particular thread.
    ///
    /// ```swift
    /// network.updateAmount(4500, for: "alice", idempotencyKey: key) { result in
    ///     if case let .success(confirmation) = result { print(confirmation.balanceCents) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - amountCents: The amount, in cents.
    ///   - account: The account to credit.
    ///   - idempotencyKey: The key that makes the deposit idempotent.
    ///   - callback: Receives the bank's confirmation or the ``NetworkError``.
    public func updateAmount(
        _ amountCents: Int,
        for account: String,
        idempotencyKey: String,
        _ callback: @escaping @Sendable (Result<DepositConfirmation, NetworkError>) -> Void
    ) {
        let request = DepositRequest(account: account, amountCents: amountCents, idempotencyKey: idempotencyKey)
        Task {
            do {
                callback(.success(try await deposit(request)))
            } catch let error as NetworkError {
                callback(.failure(error))
            } catch is CancellationError {
                callback(.failure(NetworkError(kind: .cancelled, message: "the deposit was cancelled", mayHaveBeenCredited: true)))
            } catch {
                // An executor that throws something else: the outcome is unknown, so assume the
                // worst and keep the deposit pending.
                callback(.failure(NetworkError(kind: .transferFailed, message: "the deposit failed: \(error)", mayHaveBeenCredited: true)))
            }
        }
    }
}
