import Foundation
import Testing

/// `send` records where the code stands (docs/FORMAT.md §4.7), in real git repositories.
@Suite("CLI: code anchors on send")
struct CodeAnchorTests {
    /// The `code-*` frontmatter lines of the stored user message whose text is `text`.
    static func anchor(of text: String, in clones: GitClones, _ name: String) throws -> [String] {
        let objects = clones.path(name) + "/.threadai/objects"
        for folder in try FileManager.default.contentsOfDirectory(atPath: objects) where folder.count == 2 {
            for file in try FileManager.default.contentsOfDirectory(atPath: objects + "/" + folder) {
                let object = try String(contentsOfFile: objects + "/" + folder + "/" + file, encoding: .utf8)
                guard object.hasSuffix("\n---\n" + text + "\n") else { continue }
                return object.split(separator: "\n").filter { $0.hasPrefix("code-") }.map(String.init)
            }
        }
        throw CocoaError(.fileNoSuchFile)
    }

    @Test("unborn, clean, dirty and detached trees; the .threadai folder never makes a tree dirty")
    func anchorsFollowTheTree() throws {
        let clones = try GitClones()
        try FileManager.default.createDirectory(atPath: clones.path("a"), withIntermediateDirectories: true)
        try clones.git(["init", "-q", "-b", "main"], in: clones.path("a"))
        try clones.threadai(["init"], in: "a")
        try clones.threadai(["send", "unborn"], in: "a")
        #expect(try Self.anchor(of: "unborn", in: clones, "a") == ["code-branch: main"])

        try clones.commit("a", "first")
        let first = try clones.git(["rev-parse", "HEAD"], in: clones.path("a")).trimmingCharacters(in: .whitespacesAndNewlines)
        try clones.threadai(["send", "clean"], in: "a")
        #expect(try Self.anchor(of: "clean", in: clones, "a") == ["code-branch: main", "code-commit: \(first)"])

        try "code\n".write(toFile: clones.path("a") + "/main.swift", atomically: true, encoding: .utf8)
        try clones.git(["add", "main.swift"], in: clones.path("a"))
        try clones.threadai(["send", "dirty"], in: "a")
        #expect(try Self.anchor(of: "dirty", in: clones, "a") == ["code-branch: main", "code-commit: \(first)", "code-dirty: true"])

        try clones.commit("a", "second")
        try clones.git(["checkout", "-q", "--detach", first], in: clones.path("a"))
        try clones.threadai(["send", "detached"], in: "a")
        #expect(try Self.anchor(of: "detached", in: clones, "a") == ["code-commit: \(first)"])
        #expect(try clones.threadai(["show", "main~1"], in: "a").stdout.contains("Code:   \(first.prefix(12))\n"))
        let log = try clones.threadai(["log"], in: "a").stdout
        #expect(log.contains("Code:   unborn (main)\n"))
    }

    @Test("outside git, or with THREADAI_NO_ANCHORS=1, no anchor is written")
    func noAnchor() throws {
        let clones = try GitClones()
        try FileManager.default.createDirectory(atPath: clones.path("plain"), withIntermediateDirectories: true)
        try clones.threadai(["init"], in: "plain")
        try clones.threadai(["send", "outside"], in: "plain")
        #expect(try Self.anchor(of: "outside", in: clones, "plain").isEmpty)

        try clones.git(["init", "-q", "-b", "main"], in: clones.path("plain"))
        let result = try clones.sandbox.run(["send", "off"], in: clones.path("plain"), environment: ["THREADAI_NO_ANCHORS": "1"])
        #expect(result.status == 0)
        #expect(try Self.anchor(of: "off", in: clones, "plain").isEmpty)
    }
}
