/// The exit statuses of `atm` and `atm-dev`, from `sysexits.h`.
public enum ExitCode: Int32, Sendable {
    /// The command did what was asked.
    case success = 0
    /// The command line is wrong: an unknown command or option, a missing value, a bad URL.
    case usage = 64
    /// The input is wrong: bills that are not bills, no bills, too many, too much.
    case dataError = 65
    /// The bank cannot be reached, or refused the deposit for a reason other than its data.
    case unavailable = 69
    /// The app itself is broken: its object graph does not validate.
    case software = 70
    /// The deposit journal is full: recording the deposit would make it larger than it can read
    /// (16 MiB). Nothing was recorded or sent; `sync` completes the pending deposits, which
    /// makes room.
    case journalFull = 72
    /// The command did what was asked (a deposit was credited), but its output could not be
    /// written: standard output is full, closed, or a pipe whose reader is gone.
    case cannotWriteOutput = 73
    /// The deposit journal cannot be read or written, is locked too long, or is corrupt: nothing
    /// was sent, and no process can still send the deposit.
    case ioError = 74
    /// The deposit is in the journal and its outcome is not settled: it may have reached the bank,
    /// or could not be sent; `sync` completes it, and the bank credits it exactly once.
    case temporaryFailure = 75
    /// The bank refused the credentials.
    case permissionDenied = 77
}
