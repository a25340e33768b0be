import Foundation
import Testing
import ThreadAI

/// `ToolRun`, the one way ThreadAI runs git and sqlite3: its three pipes are served together, and a
/// tool that stops reading never takes this process down.
@Suite("ToolRun: a tool's input, output and error at once")
struct ToolRunTests {
    @Test("a tool that writes much before it reads its input still gets all of it, and gives all its output")
    func writesBeforeReading() throws {
        // 200 KB out before reading: more than a pipe holds, so writing the input first would block for ever.
        let input = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
        let run = try #require(ToolRun.run("/bin/sh", ["-c", "head -c 200000 /dev/zero; cat; printf done >&2"], input: input))
        #expect(run.status == 0)
        #expect(run.output.count == 500_000)
        #expect(run.output.suffix(300_000) == input)
        #expect(run.errorText == "done")
    }

    @Test("a tool that exits without reading its input: its status, and this process goes on")
    func stopsReading() throws {
        let run = try #require(ToolRun.run("/bin/sh", ["-c", "echo early; exit 3"], input: Data(count: 1_000_000)))
        #expect(run.status == 3)
        #expect(run.outputText == "early\n")
    }

    @Test("no input: the tool reads an empty standard input, never the terminal")
    func noInput() throws {
        let run = try #require(ToolRun.run("/bin/sh", ["-c", "wc -c"]))
        #expect(run.outputText.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        let empty = try #require(ToolRun.run("/bin/sh", ["-c", "cat; echo end"], input: Data()))
        #expect(empty.outputText == "end\n")
    }

    @Test("a tool that cannot start gives nil; one that a signal ends gives 128 plus the signal")
    func failures() throws {
        #expect(ToolRun.run("/nonexistent/tool", []) == nil)
        let killed = try #require(ToolRun.run("/bin/sh", ["-c", "kill -TERM $$"]))
        #expect(killed.status == 128 + 15)
    }

    @Test("a tool is looked up as a shell does: a folder or a file that may not be run of its name is passed over")
    func lookUp() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("toolrun-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in ["a/tool", "b", "c"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        #expect(FileManager.default.createFile(atPath: root + "/b/tool", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o644]))
        #expect(FileManager.default.createFile(atPath: root + "/c/tool", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
        #expect(ToolRun.executable(named: "tool", path: "\(root)/a:\(root)/b:\(root)/c") == root + "/c/tool")
        #expect(ToolRun.executable(named: "tool", path: "\(root)/a:\(root)/b") == nil)
    }
}
