import Foundation
import ThreadAITestSupport

extension CLISandbox {
    #if os(Linux)
    /// Runs threadai with `arguments` on a pseudo-terminal (util-linux `script`, which keeps every
    /// byte the command writes to it) in the work folder, with `environment` added to the sandbox's;
    /// returns the exit status and those bytes.
    func runOnTerminal(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (status: Int32, transcript: String) {
        try RequiredTool.script.require()
        let transcript = work + "/terminal-\(UUID().uuidString).log"
        let command = ([try ThreadAIBinary.path()] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", command, transcript]
        process.currentDirectoryURL = URL(fileURLWithPath: work)
        process.environment = environment(extra)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOfFile: transcript, encoding: .utf8))
    }
    #endif
}
