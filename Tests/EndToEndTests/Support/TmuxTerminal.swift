import Foundation
import Testing
import ThreadAITestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real terminal for the tests of interactive commands: a tmux server of its own (its socket in
/// the sandbox), one window running a plain `sh` with the sandbox's environment, keys sent as a
/// person types them and the screen read back. Waits poll the screen until a deadline: how long a
/// step takes is never asserted, only that what should appear appears.
final class TmuxTerminal {
    let socket: String
    private let session = "t"
    /// Held so the folder, and the server's socket in it, outlive the terminal: Swift may release the
    /// sandbox before the terminal, and a server whose socket is gone cannot be told to stop.
    private let folder: TemporaryDirectory
    /// The server's process, stopped directly if `kill-server` cannot reach it.
    private var serverProcess: pid_t?

    /// Starts `sh` in a terminal `columns` wide, in `directory`, with exactly `environment`.
    init(in folder: TemporaryDirectory, directory: String, environment: [String: String], columns: Int = 160) throws {
        try RequiredTool.tmux.require()
        self.folder = folder
        socket = try folder.folder("tmux") + "/s"
        var shell = ["env", "-i"] + environment.merging(["PS1": "$ ", "ENV": ""]) { $1 }.map { "\($0)=\($1)" }
        shell += ["/bin/sh"]
        let start = ["-f", "/dev/null", "new-session", "-d", "-s", session, "-x", String(columns), "-y", "50", "-c", directory] + shell
        do {
            try tmux(start)
        } catch let failure as Failure where failure.output.contains("server exited unexpectedly") {
            // Seen once on a loaded machine: the new server gave up before it listened. Once more.
            try tmux(start)
        }
        serverProcess = pid_t(try tmux(["display-message", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
        try tmux(["set-option", "-t", session, "history-limit", "5000"])
        _ = try waitFor("the shell's prompt") { $0.contains("$ ") }
    }

    deinit {
        if (try? tmux(["kill-server"])) == nil, let serverProcess, Self.isServer(serverProcess, of: socket) {
            kill(serverProcess, SIGKILL)
        }
    }

    /// Whether process `pid` is still the tmux server of `socket`, not another that took its number.
    private static func isServer(_ pid: pid_t, of socket: String) -> Bool {
        guard let commandLine = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
        return String(decoding: commandLine, as: UTF8.self).contains(socket)
    }

    /// Types `text` literally (no key names), without Enter.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", session, "-l", text])
    }

    /// Types `text` and Enter.
    func line(_ text: String) throws {
        try type(text)
        try keys("Enter")
    }

    /// Presses keys by tmux's names: `Enter`, `C-c`, `C-d`.
    func keys(_ names: String...) throws {
        try tmux(["send-keys", "-t", session] + names)
    }

    /// Pastes `text` as a terminal emulator does: bracketed (`ESC [ 200 ~` … `ESC [ 201 ~`) when the
    /// program asked for it, line feeds sent as typed Enter (CR).
    func paste(_ text: String) throws {
        try tmux(["set-buffer", "-b", "paste", "--", text])
        try tmux(["paste-buffer", "-p", "-b", "paste", "-t", session])
    }

    /// The whole screen and scrollback, wrapped lines joined.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-J", "-S", "-", "-t", session])
    }

    /// Polls the screen until `condition` holds and returns it; fails with the screen after `deadline`
    /// seconds (a generous bound for a loaded machine, not a measure).
    @discardableResult
    func waitFor(_ what: String, deadline: TimeInterval = 60, _ condition: (String) -> Bool) throws -> String {
        let end = Date().addingTimeInterval(deadline)
        var last = ""
        while Date() < end {
            last = try screen()
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Timeout(what: what, screen: last)
    }

    /// Waits until `text` appears at least `count` times on the screen.
    @discardableResult
    func waitFor(_ text: String, count: Int = 1) throws -> String {
        try waitFor("\(count) × “\(text)”") { $0.components(separatedBy: text).count - 1 >= count }
    }

    struct Timeout: Error, CustomStringConvertible {
        var what: String
        var screen: String
        var description: String { "waited in vain for \(what); the terminal shows:\n\(screen)" }
    }

    struct Failure: Error, CustomStringConvertible {
        var arguments: [String]
        var output: String
        var description: String { "tmux \(arguments.joined(separator: " ")) failed: \(output)" }
    }

    /// Runs `tmux -S SOCKET arguments` and returns what it printed.
    ///
    /// Spawned directly, with every descriptor but the standard three closed: the tmux server that
    /// the first call starts lives on, and would keep any descriptor it inherits open — with
    /// Foundation's `Process`, the socket by which it learns that the child ended, so that
    /// `waitUntilExit` never returned.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let outputPath = socket + ".out"
        let all = ["tmux", "-S", socket] + arguments
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        #if canImport(Glibc)
        // glibc ≥ 2.34 has it, but its header hides it from Swift.
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let closeFrom = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
            throw Failure(arguments: arguments, output: "this C library lacks posix_spawn_file_actions_addclosefrom_np")
        }
        _ = unsafeBitCast(closeFrom, to: CloseFrom.self)(&actions, 3)
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // No signal blocked: a test runs on a worker thread that blocks them, and a server that
        // inherited that mask would never receive the SIGTERM by which `kill-server` stops it.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = all.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, argv, environ)
        guard spawned == 0 else {
            throw Failure(arguments: arguments, output: "could not start tmux: \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: outputPath)), as: UTF8.self)
        // Exited (low 7 bits 0) with status 0 (the next 8).
        guard status & 0x7f == 0 && (status >> 8) & 0xff == 0 else { throw Failure(arguments: arguments, output: text) }
        return text
    }
}
