/// Why a deposit cannot be accepted.
public struct ScanError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem.
    public enum Kind: Sendable, Hashable {
        /// A face value that is not a US bill, such as 3, 0 or -5.
        case unknownDenomination
        /// No bills at all.
        case emptyDeposit
        /// More notes than ``BillScanner/maximumNoteCount``.
        case tooManyNotes
        /// More money than ``BillScanner/maximumAmount``.
        case amountTooLarge
    }

    /// The kind of problem.
    public let kind: Kind
    /// What is wrong and what is accepted, in one line.
    public let message: String

    /// The message.
    public var description: String { message }

    static func unknownDenomination(_ dollars: Int) -> ScanError {
        unknownDenomination(String(dollars))
    }

    /// The error for a face value that is not a US bill, as it was written: `3`, `-5`,
    /// `99999999999999999999`.
    ///
    /// - Parameter faceValue: The face value as written.
    /// - Returns: The error.
    public static func unknownDenomination(_ faceValue: String) -> ScanError {
        ScanError(
            kind: .unknownDenomination,
            message: "\(faceValue) is not a US bill; accepted denominations are \(Denomination.accepted)"
        )
    }

    static var emptyDeposit: ScanError {
        ScanError(kind: .emptyDeposit, message: "no bills to deposit; give at least one bill, such as 20")
    }

    static func tooManyNotes(_ count: Int) -> ScanError {
        tooManyNotes(String(count))
    }

    /// The error for a deposit of more than ``BillScanner/maximumNoteCount`` notes.
    ///
    /// - Parameter count: The number of notes as written.
    /// - Returns: The error.
    public static func tooManyNotes(_ count: String) -> ScanError {
        ScanError(
            kind: .tooManyNotes,
            message: "\(count) notes is more than the \(BillScanner.maximumNoteCount) notes one deposit accepts"
        )
    }

    static func amountTooLarge(_ amount: Money) -> ScanError {
        ScanError(
            kind: .amountTooLarge,
            message: "\(amount) is more than the \(BillScanner.maximumAmount) one deposit accepts"
        )
    }
}
