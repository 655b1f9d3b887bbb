public import ATMLib
public import Network
public import Wiring

/// The root of an ATM app's graph: what the app needs to know before an invocation's settings
/// are complete, and the ATM itself, made on demand.
///
/// Building the entry runs nothing with effects; the ATM's journal is opened and the bank
/// options judged when ``atm`` is asked for, so that an app can read its ``builtInBank`` with a
/// placeholder seed, before it has read its command line.
public struct ATMEntry: Sendable {
    /// The bank the linked network layer carries, if it carries one (the fake network's
    /// in-memory bank); nil for a network layer that reaches a real bank.
    public let builtInBank: BuiltInBank?
    /// Makes the ATM: its depositer, synchronizer and journal.
    public let atm: AsyncProvider<ATM>

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - builtInBank: The bank the linked network layer carries, if any.
    ///   - atm: Makes the ATM.
    public init(builtInBank: BuiltInBank?, atm: AsyncProvider<ATM>) {
        self.builtInBank = builtInBank
        self.atm = atm
    }
}
