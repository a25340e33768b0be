import Dispatch

/// Runs the process's one command from synchronous code and waits for its exit status.
///
/// With an `async` main, the runtime hands the main task to libdispatch, which parks the main thread
/// and starts worker threads to run it: a fifth of the CPU of `threadai --version`, paid by every
/// command (docs/PERFORMANCE.md, Start-up). Started with `Task.immediate`, the command runs on the
/// calling thread until it first suspends, so one that never waits (most of them: reads, writes,
/// `--help`) starts no thread at all. One that does (a streamed reply, a wait for a lock)
/// goes on in the cooperative pool, as every command did before, while this thread waits.
enum RunToCompletion {
    static func wait(_ operation: sending @escaping () async -> Int32) -> Int32 {
        let finished = DispatchSemaphore(value: 0)
        let status = StatusBox()
        if #available(macOS 26, iOS 26, watchOS 26, tvOS 26, visionOS 26, *) {
            Task.immediate {
                status.value = await operation()
                finished.signal()
            }
        } else {
            Task {
                status.value = await operation()
                finished.signal()
            }
        }
        finished.wait()
        return status.value
    }
}

/// The exit status, written by the command's task before it signals and read after the wait: the
/// semaphore orders the two, so no lock is needed.
private final class StatusBox: @unchecked Sendable {
    var value: Int32 = 0
}
