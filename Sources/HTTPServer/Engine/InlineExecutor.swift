import CMHDShim

/// Runs a request's handler task on the MHD thread that received the request, for as long as the task
/// runs without waiting; once it waits on something (a database, a timer, another actor), the rest of it
/// runs on the global concurrent executor as any task would.
///
/// Most handlers answer without ever suspending. For them this skips two thread hand-offs per request
/// (MHD thread → cooperative pool → MHD thread, each a futex wake and a context switch) and the
/// suspend/resume of the connection, which profiling showed to dominate the cost of a small request.
final class InlineExecutor: TaskExecutor {
    /// The jobs enqueued on this thread while it drains (FIFO). Only its thread touches it.
    final class Queue {
        fileprivate var jobs: [UnownedJob] = []
        fileprivate var next = 0
    }

    /// Job hand-off: onto the current thread's queue while it drains one, else to the global executor.
    func enqueue(_ job: consuming ExecutorJob) {
        if let raw = cmhd_inline_queue() {
            Unmanaged<Queue>.fromOpaque(raw).takeUnretainedValue().jobs.append(UnownedJob(job))
        } else {
            globalConcurrentExecutor.enqueue(job)
        }
    }

    /// Starts `operation` as a task preferring this executor and runs it here until it first waits.
    func runInline(_ operation: sending @escaping @isolated(any) () async -> Void) -> Task<Void, Never> {
        let queue = Queue()
        // NB: passUnretained is safe: `queue` outlives the drain below, and the slot is cleared after it.
        cmhd_set_inline_queue(Unmanaged.passUnretained(queue).toOpaque())
        defer { cmhd_set_inline_queue(nil) }
        let task = Task(executorPreference: self, operation: operation)
        let executor = asUnownedTaskExecutor()
        while queue.next < queue.jobs.count {
            let job = queue.jobs[queue.next]
            queue.next += 1
            job.runSynchronously(on: executor)
        }
        return task
    }
}
