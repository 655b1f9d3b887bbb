internal import CCurl
import Foundation

/// Runs every libcurl transfer of the process on one thread of its own, so that no transfer
/// ever blocks Swift's cooperative thread pool.
///
/// The thread owns a curl multi handle. It sleeps in `curl_multi_poll` until a socket is ready,
/// one of libcurl's timers is due, or another thread calls `curl_multi_wakeup` (the one multi
/// call that is safe from any thread) to hand it a new transfer or a cancellation. Callers wait
/// with a continuation, which the thread resumes when their transfer finishes.
///
/// ```
/// task ──perform──▶ inbox (lock)  ──curl_multi_wakeup──▶ engine thread
///                                                         curl_multi_add_handle
///                                                         curl_multi_perform / info_read
/// task ◀──────────── continuation.resume(outcome) ◀────── curl_multi_remove_handle
/// ```
///
/// The thread starts with the first transfer and then lives as long as the process, idle in
/// `curl_multi_poll` when there is nothing to do.
final class TransferEngine: Sendable {
    /// The process's engine, or nil when libcurl could not make a multi handle.
    static let shared: TransferEngine? = TransferEngine()

    /// The longest the thread sleeps when nothing is due; a wake-up ends the sleep earlier.
    private static let idlePollMilliseconds: Int32 = 10_000

    private struct Submission: Sendable {
        let transfer: CurlTransfer
        let continuation: CheckedContinuation<TransferOutcome, Never>
    }

    private struct Inbox {
        var submissions: [Submission] = []
        var threadStarted = false
    }

    private let multi: MultiHandle
    private let inbox = Locked(Inbox())

    private init?() {
        guard CurlGlobal.initializationError == nil, let multi = MultiHandle() else { return nil }
        self.multi = multi
    }

    /// Runs `transfer` to its end and returns what it came to.
    ///
    /// When the calling task is cancelled the transfer is removed from libcurl at once (its
    /// connection closed) and the outcome's failure is ``TransferOutcome/Failure/cancelled``.
    func perform(_ transfer: CurlTransfer) async -> TransferOutcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                submit(Submission(transfer: transfer, continuation: continuation))
            }
        } onCancel: {
            transfer.requestCancellation()
            multi.wakeUp()
        }
    }

    private func submit(_ submission: Submission) {
        let startThread = inbox.withLock { inbox in
            inbox.submissions.append(submission)
            defer { inbox.threadStarted = true }
            return !inbox.threadStarted
        }
        if startThread {
            let thread = Thread { [self] in run() }
            thread.name = "bank-transfers"
            thread.start()
        } else {
            multi.wakeUp()
        }
    }

    // MARK: - The engine thread

    private func run() {
        var running: [UnsafeMutableRawPointer: Submission] = [:]
        while true {
            for submission in inbox.withLock({ inbox in defer { inbox.submissions.removeAll() }; return inbox.submissions }) {
                let transfer = submission.transfer
                if transfer.isCancellationRequested {
                    submission.continuation.resume(returning: transfer.cancelledOutcome())
                } else if let problem = multi.add(transfer.handle) {
                    submission.continuation.resume(returning: transfer.unstartedOutcome(problem))
                } else {
                    running[transfer.handle] = submission
                }
            }
            for (handle, submission) in running where submission.transfer.isCancellationRequested {
                multi.remove(handle)
                running[handle] = nil
                submission.continuation.resume(returning: submission.transfer.cancelledOutcome())
            }
            multi.perform()
            while let (handle, code) = multi.nextFinishedTransfer() {
                multi.remove(handle)
                guard let submission = running.removeValue(forKey: handle) else { continue }
                submission.continuation.resume(returning: submission.transfer.outcome(code: code))
            }
            multi.poll(milliseconds: Self.idlePollMilliseconds)
        }
    }
}

/// A curl multi handle.
// @unchecked Sendable: every call but `wakeUp` is made on the engine thread alone;
// `curl_multi_wakeup` is documented as safe to call from any thread. The handle is never freed:
// it belongs to the process-wide engine, which lives as long as the process.
private final class MultiHandle: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer

    init?() {
        guard let handle = curl_multi_init() else { return nil }
        self.handle = handle
    }

    /// Ends a `curl_multi_poll` in progress on the engine thread, or the next one.
    func wakeUp() {
        _ = curl_multi_wakeup(handle)
    }

    /// Adds an easy handle; returns libcurl's words when it refuses.
    func add(_ easy: UnsafeMutableRawPointer) -> String? {
        let code = curl_multi_add_handle(handle, easy)
        return code == CURLM_OK ? nil : "libcurl could not start the transfer: \(String(cString: curl_multi_strerror(code)))"
    }

    func remove(_ easy: UnsafeMutableRawPointer) {
        _ = curl_multi_remove_handle(handle, easy)
    }

    /// Moves every transfer along as far as it can go without waiting.
    func perform() {
        var stillRunning: Int32 = 0
        _ = curl_multi_perform(handle, &stillRunning)
    }

    /// The next transfer that finished, with its result.
    func nextFinishedTransfer() -> (UnsafeMutableRawPointer, CURLcode)? {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(handle, &remaining) {
            if ccurl_message_is_done(message) != 0, let easy = message.pointee.easy_handle {
                return (easy, ccurl_message_result(message))
            }
        }
        return nil
    }

    /// Sleeps until a socket is ready, a libcurl timer is due, `milliseconds` pass, or `wakeUp`.
    func poll(milliseconds: Int32) {
        _ = curl_multi_poll(handle, nil, 0, milliseconds, nil)
    }
}
