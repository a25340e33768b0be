import Foundation

/// One run of an external command-line tool (`git`, `sqlite3`), its output read whole. The one place
/// ThreadAI starts processes: standard output and standard error are drained at the same time, so a
/// tool that writes much to one while we read the other can never block, and standard input is the
/// given bytes or nothing (a tool never waits on the user's terminal).
public struct ToolRun: Sendable {
    /// The tool's exit status.
    public var status: Int32
    public var output: Data
    /// What the tool wrote to standard error, as text.
    public var errorText: String

    /// The tool's standard output as UTF-8 text (invalid bytes replaced).
    public var outputText: String { String(decoding: output, as: UTF8.self) }

    /// Runs `executable` (an absolute path) with `arguments` in `folder` (default: ours), feeding it
    /// `input`, and waits for it to end.
    /// - Returns: nil when the executable cannot be started (absent, not executable).
    public static func run(
        _ executable: String, _ arguments: [String], input: Data? = nil, in folder: URL? = nil,
        environment: [String: String]? = nil
    ) -> ToolRun? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if let environment { process.environment = environment }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let errorBytes = Drain(errors.fileHandleForReading)
        if let inputPipe, let input {
            let writer = inputPipe.fileHandleForWriting
            // A tool that stops reading early closes its end; the write then fails, harmlessly.
            try? writer.write(contentsOf: input)
            try? writer.close()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errorBytes.wait()
        process.waitUntilExit()
        return ToolRun(status: process.terminationStatus, output: outputData, errorText: String(decoding: errorData, as: UTF8.self))
    }

    /// The first executable file called `name` in the folders of `path` (a `PATH` value; default: the
    /// usual system folders).
    public static func executable(named name: String, path: String?) -> String? {
        for folder in (path ?? "/usr/bin:/bin:/usr/local/bin").split(separator: ":") {
            let candidate = folder + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class Drain: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything read; waits until the writer closed its end.
    func wait() -> Data {
        done.wait()
        return data
    }
}
