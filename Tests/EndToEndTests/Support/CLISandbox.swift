import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What one run of `threadai` did.
struct CLIResult: CustomStringConvertible {
    var arguments: [String]
    var status: Int32
    /// True when the process was killed by a signal (a crash), rather than exiting.
    var signaled: Bool
    var stdoutBytes: [UInt8]
    var stderr: String
    var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }

    var description: String {
        "threadai \(arguments.joined(separator: " ")) → \(signaled ? "signal" : "status") \(status)\n"
            + "stdout: \(stdout)\nstderr: \(stderr)"
    }
}

/// A temporary folder to run `threadai` in, as a user would: the working directory `work/`, `HOME` in
/// `home/`, the user's configuration and key file in `config/`, no colours, no API keys, no editor, and
/// standard input a file (never a terminal).
final class CLISandbox: Sendable {
    let folder: TemporaryDirectory
    let work: String
    let home: String
    /// `XDG_CONFIG_HOME`: `threadai/config` and `threadai/keys` are written below it.
    let config: String

    init() throws {
        folder = try TemporaryDirectory()
        work = try folder.folder("work")
        home = try folder.folder("home")
        config = try folder.folder("config")
    }

    /// A sandbox where `threadai init` has run, then `threadai send` once with each message.
    static func initialized(sending messages: String...) throws -> CLISandbox {
        let sandbox = try CLISandbox()
        try sandbox.succeed(["init"])
        for message in messages { try sandbox.succeed(["send", message]) }
        return sandbox
    }

    /// `work/.threadai`.
    var repository: String { work + "/.threadai" }

    /// The environment of every run: the test's own, less anything that could reach a provider
    /// (keys, base URLs, proxies, the keychain) or another repository, plus a private HOME and
    /// configuration folder, and NO_COLOR.
    func environment(_ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            !key.contains("API_KEY") && !key.hasSuffix("_BASE_URL") && !key.lowercased().contains("proxy")
                && !key.hasPrefix("THREADAI_") && !["EDITOR", "VISUAL"].contains(key)
        }
        environment["HOME"] = home
        environment["XDG_CONFIG_HOME"] = config
        environment["THREADAI_KEY_STORE"] = "file"
        environment["NO_COLOR"] = "1"
        environment["TERM"] = "dumb"
        environment["TMPDIR"] = try? folder.folder("tmp")
        return environment.merging(extra) { $1 }
    }

    /// Runs `threadai arguments` and waits for it. Input and output are files, not pipes: a large output
    /// cannot fill a pipe and block the child, and a child that never reads its input cannot make the
    /// test process write to a closed pipe. A run still going after `timeout` seconds is killed (and fails).
    /// With `interruptAfterOutput`, the run gets `stopSignal` (SIGINT, Ctrl-C, by default) as soon as
    /// its output contains that text.
    @discardableResult
    func run(
        _ arguments: [String], stdin: String = "", in directory: String? = nil, environment extra: [String: String] = [:],
        timeout: TimeInterval = 120, interruptAfterOutput marker: String? = nil, stopSignal: Int32 = SIGINT,
        stdinBytes: [UInt8]? = nil
    ) throws -> CLIResult {
        let io = try folder.folder("io") + "/" + UUID().uuidString  // Unique, so runs may overlap.
        let inPath = io + ".in", outPath = io + ".out", errPath = io + ".err"
        try Data(stdinBytes ?? Array(stdin.utf8)).write(to: URL(fileURLWithPath: inPath))
        for path in [outPath, errPath] { try Data().write(to: URL(fileURLWithPath: path)) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ThreadAIBinary.path())
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory ?? work)
        process.environment = environment(extra)
        let handles = [
            try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath)),
            try FileHandle(forWritingTo: URL(fileURLWithPath: outPath)),
            try FileHandle(forWritingTo: URL(fileURLWithPath: errPath)),
        ]
        defer { for handle in handles { try? handle.close() } }
        (process.standardInput, process.standardOutput, process.standardError) = (handles[0], handles[1], handles[2])
        try process.run()
        let watchdog = Watchdog(processIdentifier: process.processIdentifier, timeout: timeout)
        if let marker {
            while process.isRunning,
                  !String(decoding: try Data(contentsOf: URL(fileURLWithPath: outPath)), as: UTF8.self).contains(marker) {
                Thread.sleep(forTimeInterval: 0.02)
            }
            if process.isRunning { kill(process.processIdentifier, stopSignal) }
        }
        process.waitUntilExit()
        watchdog.disarm()
        return CLIResult(
            arguments: arguments, status: process.terminationStatus,
            signaled: process.terminationReason == .uncaughtSignal,
            stdoutBytes: Array(try Data(contentsOf: URL(fileURLWithPath: outPath))),
            stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self))
    }

    /// Runs `threadai arguments`, which must exit 0; returns its result.
    @discardableResult
    func succeed(_ arguments: [String], stdin: String = "", environment extra: [String: String] = [:]) throws -> CLIResult {
        let result = try run(arguments, stdin: stdin, environment: extra)
        guard result.status == 0, !result.signaled else { throw UnexpectedFailure(result: result) }
        return result
    }

    struct UnexpectedFailure: Error, CustomStringConvertible {
        var result: CLIResult
        var description: String { "expected success: \(result)" }
    }
}

/// Kills a child that hangs, so a bug that blocks `threadai` fails its test instead of the whole run.
private final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var armed = true

    init(processIdentifier: Int32, timeout: TimeInterval) {
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in
            lock.lock()
            defer { lock.unlock() }
            if armed { kill(processIdentifier, SIGKILL) }
        }
    }

    func disarm() {
        lock.lock()
        armed = false
        lock.unlock()
    }
}
