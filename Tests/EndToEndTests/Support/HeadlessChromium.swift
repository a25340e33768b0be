import Foundation
import ThreadAITestSupport

/// Debian's `chromium`, run headless on a page of an exported site: its DOM after the scripts ran,
/// the console messages it logged, or a screenshot. Each run gets its own profile and HOME in the
/// test's folder, so runs in parallel never share state.
struct HeadlessChromium {
    struct Load {
        /// The DOM after the page's scripts ran (`--dump-dom`).
        var dom: String
        /// The lines Chromium logged for `console.*` calls and uncaught script errors.
        var consoleMessages: [String]
    }

    let scratch: TemporaryDirectory

    init() throws {
        scratch = try TemporaryDirectory("chromium")
    }

    func load(_ file: String) throws -> Load {
        let result = try run(["--enable-logging=stderr", "--v=0", "--dump-dom", URL(fileURLWithPath: file).absoluteString])
        let console = result.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        return Load(dom: result.stdout, consoleMessages: console)
    }

    /// Writes a screenshot of `file` to `png`.
    func screenshot(_ file: String, to png: String, width: Int = 1200, height: Int = 1400) throws {
        _ = try run(["--window-size=\(width),\(height)", "--screenshot=\(png)", URL(fileURLWithPath: file).absoluteString])
    }

    private func run(_ arguments: [String]) throws -> (stdout: String, stderr: String) {
        let chromium = try RequiredTool.chromium.require()
        let id = UUID().uuidString
        let out = scratch.path + "/\(id).out", err = scratch.path + "/\(id).err"
        for path in [out, err] { try Data().write(to: URL(fileURLWithPath: path)) }
        let process = Process()
        // `timeout` ends a browser that hangs, so the test fails instead of the whole run.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["120", chromium, "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run",
                             "--user-data-dir=\(try scratch.folder("profile-\(id)"))"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = try scratch.folder("home")
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: scratch.path)
        let outHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        let errHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        defer {
            try? outHandle.close()
            try? errHandle.close()
        }
        (process.standardOutput, process.standardError) = (outHandle, errHandle)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let stdout = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
        let stderr = String(decoding: try Data(contentsOf: URL(fileURLWithPath: err)), as: UTF8.self)
        guard process.terminationStatus == 0 else { throw Failed(status: process.terminationStatus, stderr: stderr) }
        return (stdout, stderr)
    }

    struct Failed: Error, CustomStringConvertible {
        var status: Int32
        var stderr: String
        var description: String { "chromium exited with \(status): \(stderr.suffix(2000))" }
    }
}
