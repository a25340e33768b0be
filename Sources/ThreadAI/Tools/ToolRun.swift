#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of an external command-line tool (`git`, `sqlite3`), its output read whole. The one place
/// ThreadAI starts tools: standard input, output and error are served at the same time (`poll`), so
/// a tool that writes much to one while we write or read another can never block, and standard input
/// is the given bytes or nothing (a tool never waits on the user's terminal).
public struct ToolRun: Sendable {
    /// The tool's exit status (128 plus the signal when a signal ended it).
    public var status: Int32
    public var output: Data
    /// What the tool wrote to standard error, as text.
    public var errorText: String

    /// The tool's standard output as UTF-8 text (invalid bytes replaced).
    public var outputText: String { String(decoding: output, as: UTF8.self) }

    /// Runs `executable` (an absolute path) with `arguments`, feeding it `input`, and waits for it to end.
    /// - Returns: nil when the executable cannot be started (absent, not executable), or on a
    ///   platform that starts no processes (iOS).
    public static func run(_ executable: String, _ arguments: [String], input: Data? = nil) -> ToolRun? {
        run(executable, arguments, input: input, outputSink: nil)
    }

    /// `run`, with the tool's standard output handed to `output` piece by piece as it arrives instead
    /// of collected (the result's `output` is empty): for a tool that prints more than should be held
    /// at once. `output` runs on the calling thread, between reads; the tool waits while it works.
    public static func run(
        _ executable: String, _ arguments: [String], input: Data? = nil, streamingOutput output: (ArraySlice<UInt8>) -> Void
    ) -> ToolRun? {
        withoutActuallyEscaping(output) { output in run(executable, arguments, input: input, outputSink: output) }
    }

    private static func run(
        _ executable: String, _ arguments: [String], input: Data?, outputSink: ((ArraySlice<UInt8>) -> Void)?
    ) -> ToolRun? {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        return nil
        #else
        guard let output = PipeEnds(), let errors = PipeEnds() else { return nil }
        let inputPipe = input == nil ? nil : PipeEnds()
        if input != nil, inputPipe == nil { return nil }
        let nothing = input == nil ? open("/dev/null", O_RDONLY | O_CLOEXEC) : -1
        defer { if nothing >= 0 { close(nothing) } }
        let child = ProcessSpawn.start(
            executable, [executable] + arguments,
            standard: .init(input: inputPipe?.reading ?? nothing, output: output.writing, error: errors.writing))
        // The child holds its own copies now; ours must go, or the reads below never see the end.
        // (`PipeEnds` closes the other ends when it goes.)
        output.closeWriting()
        errors.closeWriting()
        inputPipe?.closeReading()
        guard let child else { return nil }
        let exchanged = PipeExchange.run(
            input: input.map { Array($0) } ?? [], to: inputPipe, output: output.reading, errors: errors.reading, outputSink: outputSink)
        let status = ProcessSpawn.wait(child)
        return ToolRun(status: status, output: Data(exchanged.output), errorText: String(decoding: exchanged.errors, as: UTF8.self))
        #endif
    }

    /// The first executable file called `name` in the folders of `path` (a `PATH` value; default: the
    /// usual system folders). As a shell looks: a folder or a file without execute permission of
    /// that name is passed over; a link is followed.
    public static func executable(named name: String, path: String?) -> String? {
        for folder in (path ?? "/usr/bin:/bin:/usr/local/bin").split(separator: ":") {
            let candidate = folder + "/" + name
            var status = stat()
            guard stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 else { continue }
            return candidate
        }
        return nil
    }
}
