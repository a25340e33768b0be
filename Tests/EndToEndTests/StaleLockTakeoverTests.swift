import Foundation
import Testing

/// A lock whose owner is provably gone (nobody holds its `flock`) is taken over by the next writer,
/// which says so in one line, instead of blocking every write until `fsck --clear-stale-locks`
/// (docs/FORMAT.md §10).
@Suite("CLI: a lock left by a dead process is taken over")
struct StaleLockTakeoverTests {
    /// A lock file as a killed writer leaves it: there, with no `flock` on it.
    private func leaveLock(_ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: path))
    }

    @Test("send, checkout -b and import take over a leftover ref lock, saying so once",
          arguments: ["send", "checkout", "import"])
    func refLock(_ command: String) throws {
        let sandbox = try CLISandbox.initialized(sending: "first")
        let file = SignalCleanupTests.chatgpt
        let (lock, arguments): (String, [String]) = switch command {
        case "send": ("refs/threads/main.lock", ["send", "second"])
        case "checkout": ("HEAD.lock", ["checkout", "-b", "side"])
        default: ("refs/threads/chatgpt/merkle-chains-explained-6e1c2a4b.lock", ["import", file])
        }
        try leaveLock(sandbox.repository + "/" + lock)
        let result = try sandbox.run(arguments)
        #expect(result.status == 0, "\(result)")
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("took over") }
        #expect(lines == ["threadai: took over '\(sandbox.repository)/\(lock)': the process that left it is gone."], "\(result)")
        #expect(SignalCleanupTests.leftovers(in: sandbox.repository) == [])
    }

    @Test("send takes over a turn lock that names no owner at once, saying so")
    func ownerlessTurnLock() throws {
        let sandbox = try CLISandbox.initialized(sending: "first")
        try leaveLock(sandbox.repository + "/turns/main.lock")
        let result = try sandbox.run(["send", "second"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("threadai: took over '\(sandbox.repository)/turns/main.lock'"), "\(result)")
    }

    @Test("a lock a live process holds is not taken over: send and import both wait, then exit 4 naming it",
          arguments: ["send", "import"])
    func liveLock(_ command: String) throws {
        let sandbox = try CLISandbox.initialized(sending: "first")
        let (lock, arguments): (String, [String]) = command == "send"
            ? ("refs/threads/main.lock", ["send", "second"])
            : ("refs/threads/chatgpt/merkle-chains-explained-6e1c2a4b.lock", ["import", SignalCleanupTests.chatgpt])
        let path = sandbox.repository + "/" + lock
        try leaveLock(path)
        let holder = open(path, O_RDWR)
        #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
        defer { close(holder) }
        let result = try sandbox.run(arguments)
        #expect(result.status == 4, "\(result)")
        #expect(result.stderr.contains(path) && !result.stderr.contains("took over"), "\(result)")
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
