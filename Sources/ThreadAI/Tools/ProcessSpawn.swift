#if !(os(iOS) || os(tvOS) || os(watchOS) || os(visionOS))
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts other programs (git, sqlite3, the editor, the pager) with `posix_spawn`: Foundation's
/// `Process` would link full Foundation into the executable, whose start then costs every command
/// more (docs/PERFORMANCE.md). Not on iOS and the like, which start no processes.
package enum ProcessSpawn {
    /// The descriptors the child gets as its standard input, output and error; nil inherits ours.
    package struct Standard {
        package var input: Int32?
        package var output: Int32?
        package var error: Int32?

        package init(input: Int32? = nil, output: Int32? = nil, error: Int32? = nil) {
            self.input = input
            self.output = output
            self.error = error
        }
    }

    /// Starts `executable` (an absolute path) with `arguments` (the first is the program's name) and
    /// `environment` (nil: ours), with default handling of the signals this process ignores or
    /// handles (SIGPIPE, SIGINT, SIGTERM, SIGHUP) and none blocked, whichever thread spawns it
    /// (worker threads block them; a pager that inherited that would never see SIGHUP).
    /// With `newSession`, the child leads a session of its own (`setsid`), so the terminal's signals
    /// (Ctrl-C, a closed window) do not reach it: a `gc` started in the background outlives the turn.
    /// - Returns: the child's process id, or nil when it cannot be started (absent, not executable).
    package static func start(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, standard: Standard,
        newSession: Bool = false
    ) -> pid_t? {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        guard posix_spawn_file_actions_init(&actions) == 0 else { return nil }
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard posix_spawnattr_init(&attributes) == 0 else { return nil }
        defer { posix_spawnattr_destroy(&attributes) }
        for (given, target) in [(standard.input, Int32(0)), (standard.output, 1), (standard.error, 2)] {
            if let given { posix_spawn_file_actions_adddup2(&actions, given, target) }
        }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signalNumber in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signalNumber) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        let sessionFlag = newSession ? Self.setSessionFlag : 0
        posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) | sessionFlag))
        let words: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        let variables: [UnsafeMutablePointer<CChar>?] = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } } ?? []
        defer { (words + variables).forEach { free($0) } }
        var child: pid_t = 0
        let result: Int32
        if environment == nil {
            #if canImport(Darwin)
            result = posix_spawn(&child, executable, &actions, &attributes, words + [nil], _NSGetEnviron().pointee)
            #else
            result = posix_spawn(&child, executable, &actions, &attributes, words + [nil], environ)
            #endif
        } else {
            result = posix_spawn(&child, executable, &actions, &attributes, words + [nil], variables + [nil])
        }
        return result == 0 ? child : nil
    }

    #if canImport(Darwin)
    private static let setSessionFlag = Int32(POSIX_SPAWN_SETSID)
    #else
    /// glibc's and musl's `POSIX_SPAWN_SETSID` (spawn.h, declared only under `_GNU_SOURCE`, which
    /// Swift's module does not define).
    private static let setSessionFlag: Int32 = 0x80
    #endif

    /// Waits for `child` to end: its exit status, or 128 plus the signal that ended it, as shells say.
    package static func wait(_ child: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { return 128 }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
#endif
