import Synchronization

/// A pending deposit that one process owns: while the claim is held, no other process sends the
/// deposit or takes it out of the journal.
///
/// `ATMDepositer` holds the claim of the deposit it records from the moment it is recorded until
/// its outcome is settled; `DepositSynchronizer` claims each pending deposit before it re-sends
/// it, and leaves alone those another process holds. So a deposit's entry is removed only by
/// the process that owns its outcome, and "nothing was recorded" is never said of a key that
/// another process is still sending. A claim ends with ``release()``, when the claim is
/// deinitialised, or when its process exits or is killed.
public final class DepositClaim: Sendable {
    /// The claimed deposit.
    public let deposit: PendingDeposit
    private let releaser: Mutex<(@Sendable () -> Void)?>

    /// Creates a claim.
    ///
    /// - Parameters:
    ///   - deposit: The claimed deposit.
    ///   - release: Ends the claim; called at most once.
    public init(deposit: PendingDeposit, release: @escaping @Sendable () -> Void) {
        self.deposit = deposit
        self.releaser = Mutex(release)
    }

    /// Ends the claim, so that another process may send the deposit. Calling it again does nothing.
    public func release() {
        let release = releaser.withLock { releaser in
            defer { releaser = nil }
            return releaser
        }
        release?()
    }

    deinit {
        release()
    }
}

/// What became of an attempt to claim a pending deposit.
public enum ClaimAttempt: Sendable {
    /// This process now owns the deposit.
    case claimed(DepositClaim)
    /// Another process owns it: it is being sent, or its depositer is still waiting for the bank.
    case heldElsewhere
    /// It is no longer in the journal: another process settled it.
    case settled
}
