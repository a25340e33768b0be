#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ThreadAI
import ThreadAIStore

/// The pager a paged command's output goes through on a terminal, chosen as git chooses it:
/// `$THREADAI_PAGER`, else `$PAGER`, else `less -FRX`; set but empty, or `cat`, means no pager.
enum PagerChoice {
    static let defaultCommand = "less -FRX"

    /// The shell command line of the pager, or nil for none.
    static func command(environment: [String: String]) -> String? {
        let chosen = environment["THREADAI_PAGER"] ?? environment["PAGER"] ?? defaultCommand
        let trimmed = chosen.trimmed(of: [" ", "\t", "\n"])
        return trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
    }

    /// The program a pager command line runs, when the line is one plain word or a word and its
    /// arguments with nothing the shell would interpret, and no such program can be found (on `PATH`,
    /// or at the path given): the output then goes on unpaged, with a warning, instead of into a
    /// shell that cannot run it. Nil when the program exists, or the line is for the shell to judge.
    static func missingProgram(in command: String, environment: [String: String]) -> String? {
        let shellCharacters = Set("|&;<>()$`\\\"'*?[]#~=%{}")
        guard !command.contains(where: shellCharacters.contains) else { return nil }
        guard let program = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) else { return nil }
        if program.contains("/") { return FilePaths.exists(program, followingLinks: true) ? nil : program }
        return ToolRun.executable(named: program, path: environment["PATH"]) == nil ? program : nil
    }

    /// The pager's environment: `LESS=FRX` and `LV=-c` unless the user set them (git's defaults), so
    /// `less` quits when the text fits one screen, passes colours through and leaves the screen as it was.
    static func environment(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        if environment["LV"] == nil { environment["LV"] = "-c" }
        return environment
    }
}

/// Starts a pager for what a command writes; the composition root gives the live one, tests none.
protocol Paging: AnyObject {
    /// Sends the rest of the process's output through `command`; nothing happens when it cannot start.
    func start(_ command: String, environment: [String: String])
}

/// Never pages: the output stays where it was.
final class NoPaging: Paging {
    func start(_ command: String, environment: [String: String]) {}
}

/// A pager process (`sh -c COMMAND`) reading this process's standard output, and its standard error
/// when that is the terminal too (as git does, so an error is not drawn over the pager's screen).
/// `finish()` ends its input and waits for the user to quit it.
final class PagerProcess: Paging {
    private var process: pid_t?
    private var savedDescriptors: [(target: Int32, saved: Int32)] = []
    /// The handlers `start` replaced, by signal, for `finish` to put back.
    private var savedHandlers: [(Int32, sighandler_t?)] = []

    func start(_ command: String, environment: [String: String]) {
        guard process == nil else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        // The pager must not hold its own input open, nor a second copy of its reading end.
        for end in [readEnd, writeEnd] { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        guard let child = ProcessSpawn.start(
            "/bin/sh", ["sh", "-c", command], environment: PagerChoice.environment(environment), standard: .init(input: readEnd))
        else {
            close(readEnd)
            close(writeEnd)
            return  // No pager can start: the output goes to the terminal unpaged.
        }
        close(readEnd)
        process = child
        let targets: [Int32] = isatty(2) == 1 ? [1, 2] : [1]
        for target in targets {
            let saved = dup(target)
            guard saved >= 0 else { continue }
            _ = fcntl(saved, F_SETFD, FD_CLOEXEC)
            savedDescriptors.append((target, saved))
            _ = dup2(writeEnd, target)
        }
        close(writeEnd)
        // Ctrl-C belongs to the pager (less stops following input); quitting it ends this output.
        // Killed while the pager shows (SIGTERM, SIGHUP), this process waits for the pager to quit before
        // it dies, as git does: a pager left behind would read the shell's next keystrokes.
        pagerToWaitFor = child
        savedHandlers = [(SIGINT, signal(SIGINT, SIG_IGN))]
            + [SIGTERM, SIGHUP].map { ($0, signal($0, waitForPagerThenDie)) }
    }

    /// Closes the pager's input (the caller flushed what it wrote) and waits until it exits.
    func finish() {
        guard let child = process else { return }
        for (target, saved) in savedDescriptors {
            _ = dup2(saved, target)
            close(saved)
        }
        savedDescriptors = []
        _ = ProcessSpawn.wait(child)
        process = nil
        for (number, handler) in savedHandlers { signal(number, handler) }
        savedHandlers = []
        pagerToWaitFor = 0
    }
}

/// The pager a signal handler waits for; 0 for none. Written only while no such handler is set.
nonisolated(unsafe) private var pagerToWaitFor: pid_t = 0

/// Ends the pager's input, waits for the user to quit it, then dies of `signalNumber` as if
/// unhandled. Only async-signal-safe calls.
private func waitForPagerThenDie(_ signalNumber: Int32) {
    SignalCleanup.removeAll()  // The files this process holds go first, as its own handler would.
    close(1)
    close(2)
    var status: Int32 = 0
    while pagerToWaitFor > 0, waitpid(pagerToWaitFor, &status, 0) < 0, errno == EINTR {}
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}
