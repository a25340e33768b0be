#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A test seam under the file layer: every step that changes the file system (create or open for
/// writing, write, fsync, rename, remove, mkdir, lock) is counted, and the environment can make
/// the Nth step fail or end the process, so crash and fault tests hit every write step exactly,
/// without sleeps (docs/DESIGN.md, "Testing faults").
///
/// `THREADAI_TEST_FAULT` is `N:kill` (the process ends with `_exit(86)` just before step N, as a
/// `kill -9` would leave it), `N:ERRNO` (step N fails with that errno, e.g. `3:28` for ENOSPC) or
/// `N:pause` (the process waits before step N until a signal stops it: where a signal test stops it).
/// Unset, the seam costs one integer comparison per step.
enum FaultSeam {
    /// The exit status of a process the seam ended.
    static let killedStatus: Int32 = 86

    private enum Action {
        case kill
        case fail(Int32)
        case pause
    }

    private static let plan: (step: Int, action: Action)? = {
        guard let raw = getenv("THREADAI_TEST_FAULT") else { return nil }
        let parts = String(cString: raw).split(separator: ":")
        guard parts.count == 2, let step = Int(parts[0]), step > 0 else { return nil }
        if parts[1] == "kill" { return (step, .kill) }
        if parts[1] == "pause" { return (step, .pause) }
        guard let code = Int32(parts[1]), code > 0 else { return nil }
        return (step, .fail(code))
    }()

    private static let counter = StepCounter()

    /// Called before each step that changes the file system.
    /// - Throws: the planned `FileSystemError` when this is the planned step.
    static func step(_ operation: String, path: String) throws(FileSystemError) {
        guard let plan else { return }
        guard counter.next() == plan.step else { return }
        switch plan.action {
        case .kill: _exit(killedStatus)
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
