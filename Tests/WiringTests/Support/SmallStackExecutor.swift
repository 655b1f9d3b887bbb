import Foundation

/// Runs the jobs of the tasks that prefer it (`withTaskExecutorPreference`) on one thread of its
/// own, whose stack has the size given: an async resolution then runs on a stack a test chose.
final class SmallStackExecutor: TaskExecutor, @unchecked Sendable {
    // Safe to share: `jobs` and `isFinished` are read and written only while `condition` is held.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var isFinished = false

    init(stackSize: Int) {
        let thread = Thread { [self] in runJobs() }
        thread.stackSize = stackSize
        thread.start()
    }

    func enqueue(_ job: UnownedJob) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread once the jobs enqueued so far have run.
    func finish() {
        condition.lock()
        isFinished = true
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        while true {
            condition.lock()
            while jobs.isEmpty, !isFinished { condition.wait() }
            guard !jobs.isEmpty else {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
