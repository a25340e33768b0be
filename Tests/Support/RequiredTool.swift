import Foundation
import Testing

/// A program some tests drive for real (a shell, tmux, Chromium, a mock server) that a machine with
/// Swift alone may lack.
///
/// A test calls `try RequiredTool.zsh.require()` before it first runs the program. When the program
/// is on PATH, nothing happens. When it is not, the test is skipped (cancelled, in Swift Testing's
/// words) with one line naming the program and how to install it, and the run ends by listing every
/// program that was missing (`MissingTools`). Under `THREADAI_REQUIRE_TOOLS=1`, which CI sets after
/// installing them all, a missing program fails the test instead: nothing is skipped there unnoticed.
public struct RequiredTool: Sendable, Hashable {
    /// The names to look for on PATH, the first found being used.
    public let names: [String]
    /// How to install it on Debian or Ubuntu, as CI does.
    public let install: String

    /// For a Python package rather than a program: the module `python3` must import.
    public let pythonModule: String?

    public init(_ names: String..., install: String) {
        self.names = names
        self.install = install
        pythonModule = nil
    }

    /// A Python package, present when `python3 -c 'import MODULE'` succeeds; its path is python3's.
    public init(pythonModule: String, install: String) {
        names = [pythonModule + " (Python package)"]
        self.install = install
        self.pythonModule = pythonModule
    }

    public static let zsh = RequiredTool("zsh", install: "apt-get install zsh")
    public static let fish = RequiredTool("fish", install: "apt-get install fish")
    public static let tmux = RequiredTool("tmux", install: "apt-get install tmux")
    public static let less = RequiredTool("less", install: "apt-get install less")
    public static let groff = RequiredTool("groff", install: "apt-get install groff-base")
    public static let man = RequiredTool("man", install: "apt-get install man-db")
    public static let sqlite3 = RequiredTool("sqlite3", install: "apt-get install sqlite3")
    public static let openssl = RequiredTool("openssl", install: "apt-get install openssl")
    public static let python3 = RequiredTool("python3", install: "apt-get install python3")
    public static let script = RequiredTool("script", install: "apt-get install bsdutils")
    public static let git = RequiredTool("git", install: "apt-get install git")
    public static let chromium = RequiredTool("chromium", "chromium-browser", install: "apt-get install chromium")
    public static let llmock = RequiredTool("llmock", install: "pip install llmock==0.2.2")
    /// The official MCP Python SDK, whose client drives `threadai mcp` (Fixtures/mcp/sdk_client.py).
    public static let mcpPythonSDK = RequiredTool(pythonModule: "mcp", install: "pip install mcp==2.3.0")
    /// Python's JSON Schema validator, which checks Agent Trace records against the published schema
    /// (Fixtures/agent-trace/validate.py), and the two packages without which it passes any
    /// `date-time` and any `uri` unchecked.
    public static let jsonschema = RequiredTool(pythonModule: "jsonschema", install: "pip install jsonschema==4.26.0")
    public static let rfc3339Validator = RequiredTool(pythonModule: "rfc3339_validator", install: "pip install rfc3339-validator==0.1.4")
    public static let rfc3986Validator = RequiredTool(pythonModule: "rfc3986_validator", install: "pip install rfc3986-validator==0.1.1")

    /// The program's full path, or nil when none of its names is on PATH.
    public var path: String? {
        if let pythonModule {
            guard let python = RequiredTool.python3.path else { return nil }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = ["-c", "import \(pythonModule)"]
            (process.standardOutput, process.standardError) = (FileHandle.nullDevice, FileHandle.nullDevice)
            guard (try? process.run()) != nil else { return nil }
            process.waitUntilExit()
            return process.terminationStatus == 0 ? python : nil
        }
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in names {
            for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }

    /// Whether a missing tool fails the test rather than skipping it (CI: `THREADAI_REQUIRE_TOOLS=1`).
    public static var missingFails: Bool { ProcessInfo.processInfo.environment["THREADAI_REQUIRE_TOOLS"] == "1" }

    /// The line that names the tool and how to install it.
    public var skipLine: String { "needs \(names[0]), which is not installed (\(install))" }

    /// Returns the tool's path; when it is missing, skips the current test, or fails it under
    /// `THREADAI_REQUIRE_TOOLS=1`.
    @discardableResult
    public func require() throws -> String {
        if let path { return path }
        if Self.missingFails { throw Missing(tool: self) }
        MissingTools.shared.record(self)
        #if compiler(>=6.3)
        try Test.cancel(Comment(rawValue: skipLine))
        #else
        throw Missing(tool: self)
        #endif
    }

    /// Requires each of `tools` in turn.
    public static func require(_ tools: RequiredTool...) throws {
        for tool in tools { try tool.require() }
    }

    public struct Missing: Error, CustomStringConvertible {
        public let tool: RequiredTool
        public var description: String {
            "\(tool.names[0]) is required here (THREADAI_REQUIRE_TOOLS=1) but not installed: \(tool.install)"
        }
    }
}

/// The tools found missing during this run, listed on standard error when the test process exits, after
/// Swift Testing's own summary, so a developer sees in one place what did not run and why.
public final class MissingTools: @unchecked Sendable {
    public static let shared = MissingTools()
    private let lock = NSLock()
    private var counts: [RequiredTool: Int] = [:]
    private var order: [RequiredTool] = []

    func record(_ tool: RequiredTool) {
        lock.lock()
        defer { lock.unlock() }
        if order.isEmpty { atexit { MissingTools.shared.printSummary() } }
        if counts[tool] == nil { order.append(tool) }
        counts[tool, default: 0] += 1
    }

    /// The summary's lines, empty when nothing was skipped.
    public var summary: [String] {
        lock.lock()
        defer { lock.unlock() }
        guard !order.isEmpty else { return [] }
        let total = counts.values.reduce(0, +)
        return ["Skipped \(total) test\(total == 1 ? "" : "s") for want of a tool (CI installs them all; THREADAI_REQUIRE_TOOLS=1 fails instead):"]
            + order.map { "  \($0.names[0]): \(counts[$0] ?? 0) skipped; install with `\($0.install)`" }
    }

    private func printSummary() {
        let lines = summary
        guard !lines.isEmpty else { return }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
