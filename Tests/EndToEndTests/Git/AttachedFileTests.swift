import Foundation
import Testing

/// `send -f PATH` puts files into the user message (docs/FORMAT.md §4.7), in real git repositories.
@Suite("CLI: send -f attaches files")
struct AttachedFileTests {
    /// A clone `a` with a committed source file `Sources/main.swift`, and the work folder `Sources`.
    static func repository() throws -> GitClones {
        let clones = try GitClones()
        try clones.start("a", sending: ["first"])
        try FileManager.default.createDirectory(atPath: clones.path("a/Sources"), withIntermediateDirectories: true)
        try "let fence = \"```\"\nprint(fence)".write(toFile: clones.path("a/Sources/main.swift"), atomically: false, encoding: .utf8)
        try clones.commit("a", "code")
        return clones
    }

    @Test("a text file is fenced with its path from the work tree's top; files records git's blob id")
    func textFile() throws {
        let clones = try Self.repository()
        let before = try JSON.object(try clones.threadai(["context", "--json"], in: "a"))["estimatedTokens"] as? Int ?? 0
        let sent = try clones.sandbox.run(["send", "-f", "main.swift", "Why?"], in: clones.path("a/Sources"))
        #expect(sent.status == 0, "\(sent)")
        let question = try #require(try StoredObject.all(in: clones.path("a/.threadai")).first { $0.content.hasPrefix("Why?") })
        #expect(question.content == "Why?\n\n````file:Sources/main.swift\nlet fence = \"```\"\nprint(fence)\n````")
        let blob = try clones.git(["hash-object", "Sources/main.swift"], in: clones.path("a")).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(question.fields["files"] == "\"\(blob) Sources/main.swift\"")
        #expect(try clones.threadai(["show", "main~1"], in: "a").stdout.contains("Files:  Sources/main.swift (\(blob.prefix(12)))\n"))

        let context = try clones.threadai(["context"], in: "a").stdout
        #expect(context.contains("    ````file:Sources/main.swift\n"))
        let after = try JSON.object(try clones.threadai(["context", "--json"], in: "a"))["estimatedTokens"] as? Int ?? 0
        #expect(after > before + 10, "the attached file counts in the estimate: \(before) → \(after)")
    }

    @Test("-f - attaches standard input; several files keep their order; outside git the path is as given")
    func standardInputAndOrder() throws {
        let sandbox = try CLISandbox.initialized()
        try "one\n".write(toFile: sandbox.work + "/one.txt", atomically: false, encoding: .utf8)
        let result = try sandbox.run(["send", "-f", "one.txt", "-f", "-", "compare"], stdin: "two\n")
        #expect(result.status == 0, "\(result)")
        let head = try StoredObject.head(in: sandbox.repository)
        let question = try #require(try StoredObject.all(in: sandbox.repository).first { $0.content.hasPrefix("compare") })
        #expect(question.content == "compare\n\n```file:one.txt\none\n```\n\n```file:-\ntwo\n```")
        #expect(question.fields["files"] == "\"5626abf0f72e58d7a153368ba57db4c673c0e171 one.txt\\n"
            + "f719efd430d52bcfc8566a43b2eb655688d38871 -\"")
        #expect(head.fields["files"] == nil, "only the user message records files")

        let piped = try sandbox.run(["send", "-f", "one.txt"], stdin: "piped question\n\n")
        #expect(piped.status == 0)
        #expect(try StoredObject.all(in: sandbox.repository).contains { $0.content == "piped question\n\n```file:one.txt\none\n```" })
    }

    @Test("edit keeps the files whose blocks the edited question still holds unchanged, in their new order")
    func editCarriesFiles() throws {
        let sandbox = try CLISandbox.initialized()
        try "one\n".write(toFile: sandbox.work + "/one.txt", atomically: false, encoding: .utf8)
        try sandbox.succeed(["send", "-f", "one.txt", "-f", "-", "compare"], stdin: "two\n")
        let one = "```file:one.txt\none\n```", two = "```file:-\ntwo\n```"
        try sandbox.succeed(["edit", "-b", "both", "-m", "compare again\n\n\(two)\n\n\(one)"])
        let both = try #require(try StoredObject.all(in: sandbox.repository).first { $0.content.hasPrefix("compare again") })
        #expect(both.fields["files"] == "\"f719efd430d52bcfc8566a43b2eb655688d38871 -\\n"
            + "5626abf0f72e58d7a153368ba57db4c673c0e171 one.txt\"", "the order of the blocks now")
        try sandbox.succeed(["edit", "-b", "changed", "-m", "compare\n\n```file:one.txt\nuno\n```\n\n\(two)"])
        let changed = try #require(try StoredObject.all(in: sandbox.repository).first { $0.content.hasPrefix("compare\n\n```file:one.txt\nuno") })
        #expect(changed.fields["files"] == "\"f719efd430d52bcfc8566a43b2eb655688d38871 -\"", "a changed block is not the file")
        try sandbox.succeed(["edit", "-b", "none", "-m", "just a question"])
        #expect(try StoredObject.all(in: sandbox.repository).first { $0.content == "just a question" }?.fields["files"] == nil)
        #expect(try sandbox.succeed(["fsck"]).status == 0)
    }

    @Test("in a SHA-256 git repository the commit and the blob ids are SHA-256, as git prints them")
    func sha256Repository() throws {
        let clones = try GitClones()
        try FileManager.default.createDirectory(atPath: clones.path("s"), withIntermediateDirectories: true)
        try clones.git(["init", "-q", "--object-format=sha256", "-b", "main"], in: clones.path("s"))
        try clones.threadai(["init"], in: "s")
        try "text\n".write(toFile: clones.path("s") + "/note.txt", atomically: false, encoding: .utf8)
        try clones.commit("s", "first")
        try clones.threadai(["send", "-f", "note.txt", "read it"], in: "s")
        let question = try #require(try StoredObject.all(in: clones.path("s/.threadai")).first { $0.content.hasPrefix("read it") })
        let blob = try clones.git(["hash-object", "note.txt"], in: clones.path("s")).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(blob.count == 64)
        #expect(question.fields["files"] == "\"\(blob) note.txt\"")
        #expect(question.fields["code-commit"] == (try clones.head("s")) && question.fields["code-commit"]?.count == 64)
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        let says: String
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        .init(name: "binary (NUL byte)", bytes: [0x89, 0x50, 0x4E, 0x47, 0x00, 0x01], says: "not a text file (a NUL byte at offset 4)"),
        .init(name: "not UTF-8", bytes: Array("caf".utf8) + [0xE9, 0x0A], says: "not a text file (it is not UTF-8 text)"),
        .init(name: "oversize", bytes: Array(repeating: 0x61, count: 256 * 1024 + 1),
              says: "262145 bytes, over the limit of 262144 bytes (256 KiB) per file"),
    ]

    @Test("binary and oversize files are refused with the reason and the limit; nothing is stored", arguments: refusals)
    func refused(_ refusal: Refusal) throws {
        let sandbox = try CLISandbox.initialized(sending: "first")
        try Data(refusal.bytes).write(to: URL(fileURLWithPath: sandbox.work + "/file"))
        let before = try DirectorySnapshot(sandbox.repository)
        let result = try sandbox.run(["send", "-f", "file", "look"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("cannot attach file: ") && result.stderr.contains(refusal.says), "\(result.stderr)")
        #expect(try DirectorySnapshot(sandbox.repository) == before)
    }
}
