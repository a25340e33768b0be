import Foundation
import Testing
import ThreadAITestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A command stopped by Ctrl-C (SIGINT), SIGTERM or SIGHUP at any write step leaves no lock file and
/// no temporary file behind, and dies of the signal (a shell reports 128 + its number), as git's
/// tempfile layer does. Before, only a streaming reply or chat's prompt handled signals: a lock left
/// by an interrupted import, rename, fork or tag blocked every writer until `fsck --clear-stale-locks`.
@Suite("CLI: stopped by a signal at each write step", .slow)
struct SignalCleanupTests {
    static let chatgpt = ImportChatGPTTests.fixtures.appendingPathComponent("conversations.json").path

    static let commands: [(name: String, arguments: [String])] = [
        ("fork", ["checkout", "-b", "fork"]),
        ("tag", ["tag", "-m", "a note", "good"]),
        ("rename", ["threads", "rename", "side", "renamed"]),
        ("import", ["import", chatgpt]),
    ]

    #if os(Linux)
    @Test("every lock and temporary file is removed, and the command dies of the signal", arguments: commands.indices)
    func stoppedAtEachStep(_ index: Int) throws {
        let (_, arguments) = Self.commands[index]
        let signals = [SIGINT, SIGTERM, SIGHUP]
        var step = 1
        while step < 60 {
            let sandbox = try CLISandbox.initialized(sending: "first")
            try sandbox.succeed(["checkout", "-b", "side"])
            try sandbox.succeed(["send", "on side"])
            try sandbox.succeed(["checkout", "main"])
            let number = signals[step % signals.count]
            guard let result = try Self.run(arguments, in: sandbox, pausingAt: step, then: number) else { break }
            #expect(result.signaled && result.status == number, "step \(step): \(arguments) → \(result)")
            #expect(Self.leftovers(in: sandbox.repository).isEmpty, "step \(step): \(Self.leftovers(in: sandbox.repository))")
            #expect(try sandbox.run(["fsck"]).status == 0, "step \(step)")
            step += 1
        }
        #expect(step > 3, "the command takes several write steps")
    }

    /// Runs threadai paused before write step `step`; once it is paused there, sends `number`.
    /// - Returns: how it ended; nil when it finished first (the step is past its last).
    static func run(_ arguments: [String], in sandbox: CLISandbox, pausingAt step: Int, then number: Int32) throws -> (signaled: Bool, status: Int32)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ThreadAIBinary.path())
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: sandbox.work)
        process.environment = sandbox.environment(["THREADAI_TEST_FAULT": "\(step):pause"])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline && !isSleeping(process.processIdentifier) {
            usleep(10_000)
        }
        guard process.isRunning else {
            process.waitUntilExit()
            return nil
        }
        kill(process.processIdentifier, number)
        process.waitUntilExit()
        return (process.terminationReason == .uncaughtSignal, process.terminationStatus)
    }

    /// Whether the process waits in the seam's pause (a sleep), as `/proc/PID/wchan` tells.
    static func isSleeping(_ pid: pid_t) -> Bool {
        let wchan = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? ""
        return wchan.contains("nanosleep")
    }
    #endif

    /// Lock files and temporary files anywhere in the repository.
    static func leftovers(in repository: String) -> [String] {
        let files = FileManager.default.enumerator(atPath: repository)?.allObjects as? [String] ?? []
        return files.filter { $0.hasSuffix(".lock") || ($0 as NSString).lastPathComponent.hasPrefix(".tmp-") }
    }
}
