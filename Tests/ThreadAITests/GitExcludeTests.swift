import Foundation
import Testing
import ThreadAI

/// The block of patterns ThreadAI keeps in git's exclude file (docs/FORMAT.md §13).
@Suite("Git exclude block")
struct GitExcludeTests {
    static func file(_ text: String?) throws -> (GitExclude, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("exclude-" + UUID().uuidString)
        let path = folder.appendingPathComponent("info/exclude").path
        if let text {
            try FileManager.default.createDirectory(atPath: folder.appendingPathComponent("info").path, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: false, encoding: .utf8)
        }
        return (GitExclude(path: path, top: folder.resolvingSymlinksInPath().path), path)
    }

    @Test("the block is added after the user's lines, replaced whole, removed when empty; other owners' blocks stay")
    func replaceBlock() throws {
        let (exclude, path) = try Self.file("# mine\n*.log\n")
        defer { try? FileManager.default.removeItem(atPath: exclude.top) }
        try exclude.replaceBlock(owner: "/r/.threadai", patterns: ["/.threadai/refs/threads/a"])
        try exclude.replaceBlock(owner: "/other/.threadai", patterns: ["/other/x"])
        try exclude.replaceBlock(owner: "/r/.threadai", patterns: ["/.threadai/refs/threads/b", "/.threadai/local-threads"])
        let begin = "# threadai local threads of /r/.threadai (generated; edit with threadai local)"
        let end = "# end of threadai local threads of /r/.threadai"
        let other = "# threadai local threads of /other/.threadai (generated; edit with threadai local)\n/other/x\n# end of threadai local threads of /other/.threadai\n"
        #expect(try String(contentsOfFile: path, encoding: .utf8)
            == "# mine\n*.log\n" + other + begin + "\n/.threadai/refs/threads/b\n/.threadai/local-threads\n" + end + "\n")
        try exclude.replaceBlock(owner: "/r/.threadai", patterns: [])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# mine\n*.log\n" + other)
    }

    @Test("a missing exclude file (and info/ folder) is created; relative paths are from the top")
    func missingFile() throws {
        let (exclude, path) = try Self.file(nil)
        defer { try? FileManager.default.removeItem(atPath: exclude.top) }
        try exclude.replaceBlock(owner: "/r/.threadai", patterns: ["/p"])
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\n/p\n"))
        #expect(exclude.relative(exclude.top + "/sub/.threadai") == "sub/.threadai")
        #expect(exclude.relative(exclude.top) == "")
        #expect(exclude.relative("/elsewhere") == nil)
    }

    @Test("a pattern matches its path exactly: wildcards and a trailing space escaped; a block reads back")
    func patterns() throws {
        #expect(GitExclude.pattern(matching: ".threadai/refs/threads/main") == "/.threadai/refs/threads/main")
        #expect(GitExclude.pattern(matching: "notes [v2]/a*b?c\\d") == "/notes \\[v2\\]/a\\*b\\?c\\\\d")
        #expect(GitExclude.pattern(matching: "odd ") == "/odd\\ ")
        let (exclude, _) = try Self.file("# mine\n")
        defer { try? FileManager.default.removeItem(atPath: exclude.top) }
        #expect(try exclude.blockPatterns(owner: "/r/.threadai").isEmpty)
        try exclude.replaceBlock(owner: "/r/.threadai", patterns: ["/a", "/b"])
        try exclude.replaceBlock(owner: "/s/.threadai", patterns: ["/c"])
        #expect(try exclude.blockPatterns(owner: "/r/.threadai") == ["/a", "/b"])
    }
}
