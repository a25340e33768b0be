#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A test seam under the file layer: every step that changes the file system (create or open for
/// writing, write, fsync, rename, remove, mkdir, lock) is counted, and a plan armed by the program
/// can make the Nth step fail, pause or end the process, so crash and fault tests hit every write
/// step exactly, without sleeps (docs/DESIGN.md, "Testing faults").
///
/// The library never arms it itself: the composition root does, once, before any work (the CLI from
/// `THREADAI_TEST_FAULT`), and gives the action that ends the process, so no library code exits.
/// Unarmed, the seam costs one comparison per step.
package enum FaultSeam {
    package enum Action: Sendable {
        /// The process ends just before the step, by `end`, as a `kill -9` would leave it.
        case kill(end: @Sendable () -> Never)
        /// The step fails with this errno (`28` ENOSPC, `30` EROFS, `13` EACCES…).
        case fail(Int32)
        /// The process waits before the step until a signal stops it: where a signal test stops it.
        case pause
    }

    /// Written once, before the program starts any work or thread, and only read afterwards.
    nonisolated(unsafe) private static var plan: (step: Int, action: Action)?

    /// Makes step `step` (counted from 1 in this process) do `action`.
    package static func arm(step: Int, _ action: Action) {
        plan = (step, action)
    }

    private static let counter = StepCounter()

    /// Called before each step that changes the file system.
    /// - Throws: the planned `FileSystemError` when this is the planned step.
    static func step(_ operation: String, path: String) throws(FileSystemError) {
        guard let plan else { return }
        guard counter.next() == plan.step else { return }
        switch plan.action {
        case .kill(let end): end()
        case .fail(let code): throw FileSystemError(operation, path: path, code: code)
        case .pause: while true { sleep(60) }
        }
    }
}

/// The number of steps taken so far in this process.
private final class StepCounter: @unchecked Sendable {
    private var count = 0
    private var mutex = pthread_mutex_t()

    init() {
        pthread_mutex_init(&mutex, nil)
    }

    func next() -> Int {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        count += 1
        return count
    }
}
