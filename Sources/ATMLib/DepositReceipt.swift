public import BillScanner

/// What the customer gets once the bank has confirmed a deposit.
public struct DepositReceipt: Sendable, Hashable {
    /// The credited account.
    public let account: String
    /// The bills that were deposited, in the order given.
    public let bills: [Bill]
    /// The amount the bank recorded.
    public let amount: Money
    /// The account's balance after the deposit; nil when it is withheld because its digits hold
    /// the bearer token (see ``Network/DepositConfirmation/balanceCents``).
    public let balance: Money?
    /// The bank's identifier of the deposit.
    public let depositID: String
    /// The key the deposit was sent with; the same on every retry.
    public let idempotencyKey: String
    /// Why the journal still lists the deposit although the bank credited it: taking it out
    /// failed (the disk, or another process holding the journal), or, with the kind
    /// ``JournalError/Kind/leftUnsent``, it was taken out but not durably, so that the journal may
    /// list it again after a crash. Nil when it left the journal for good. A sync replays it
    /// later, and the bank answers with the same credit.
    public let stillListed: JournalError?

    /// Creates a receipt.
    public init(
        account: String, bills: [Bill], amount: Money, balance: Money?, depositID: String, idempotencyKey: String,
        stillListed: JournalError? = nil
    ) {
        self.account = account
        self.bills = bills
        self.amount = amount
        self.balance = balance
        self.depositID = depositID
        self.idempotencyKey = idempotencyKey
        self.stillListed = stillListed
    }
}
