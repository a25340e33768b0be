import Foundation
import Testing

/// `threadai export md|json` and `import threadai-json` (docs/FORMAT.md §11).
@Suite("export")
struct ExportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/import")

    /// A repository with sends, a fork, and both imports in it.
    static func populated() throws -> CLISandbox {
        let sandbox = try CLISandbox.initialized(sending: "one", "two")
        try sandbox.succeed(["tag", "-m", "the first answer", "first", "HEAD~2"])
        try sandbox.succeed(["checkout", "-b", "draft", "HEAD~2"])
        try sandbox.succeed(["send", "three"])
        try sandbox.succeed(["threads", "rename", "draft", "side"])
        try sandbox.succeed(["import", fixtures.appendingPathComponent("chatgpt/conversations.json").path])
        try sandbox.succeed(["import", fixtures.appendingPathComponent("claude-code/session.jsonl").path])
        return sandbox
    }

    @Test("import → export json → import → export json is byte-identical, and rebuilds objects and refs")
    func jsonRoundTrip() throws {
        let source = try Self.populated()
        let first = try source.succeed(["export", "json"]).stdoutBytes
        let copy = try CLISandbox.initialized()
        let file = copy.work + "/export.json"
        try Data(first).write(to: URL(fileURLWithPath: file))
        try copy.succeed(["import", file])
        let second = try copy.succeed(["export", "json"]).stdoutBytes
        #expect(second == first)
        let objects = { (sandbox: CLISandbox) throws -> DirectorySnapshot in try DirectorySnapshot(sandbox.repository + "/objects") }
        #expect(try objects(copy) == objects(source))
        try copy.succeed(["checkout", "side"])  // HEAD is local: not in the export.
        #expect(try copy.succeed(["threads"]).stdout == source.succeed(["threads"]).stdout, "renames come along: side owns its messages")
        #expect(try copy.succeed(["tag"]).stdout == source.succeed(["tag"]).stdout)
        #expect(try String(contentsOfFile: copy.repository + "/renames", encoding: .utf8) == "draft\tside\n")
        let again = try copy.succeed(["import", "threadai-json", file])
        #expect(again.stderr.contains("imported 1 threadai-json export: ") && again.stderr.contains("(0 new)"), "\(again)")
    }

    @Test("with --include-local, a local thread's renames are exported after the shared ones, so the import attributes its messages the same way")
    func localRenamesExported() throws {
        let source = try Self.populated()
        try source.succeed(["checkout", "-b", "private", "side"])
        try source.succeed(["local", "private"])
        try source.succeed(["send", "four"])
        try source.succeed(["threads", "rename", "private", "hidden"])
        #expect(try String(contentsOfFile: source.repository + "/local-renames", encoding: .utf8) == "private\thidden\n")
        let export = try source.succeed(["export", "json", "--include-local"]).stdout
        #expect(export.contains("\"renames\" : \"draft\\tside\\nprivate\\thidden\\n\""), "\(export.prefix(400))")
        let shared = try source.succeed(["export", "json"]).stdout
        #expect(shared.contains("\"renames\" : \"draft\\tside\\n\"") && !shared.contains("private\\thidden"), "\(shared.prefix(400))")
        let copy = try CLISandbox.initialized()
        let file = copy.work + "/export.json"
        try Data(export.utf8).write(to: URL(fileURLWithPath: file))
        try copy.succeed(["import", file])
        try copy.succeed(["checkout", "hidden"])
        #expect(try copy.succeed(["threads"]).stdout == source.succeed(["threads"]).stdout.replacingOccurrences(of: ", local", with: ""))
    }

    @Test("an unknown version, a bad id, a missing head, a truncated end are refused, naming the item, changing nothing")
    func badExports() throws {
        let export = try Self.populated().succeed(["export", "json"]).stdout
        try CLISandbox.initialized().expectImportsRefused([
            ("{\"format\" : \"threadai-json\", \"version\" : 2}", "unknown threadai-json version 2"),
            ("{\"format\" : \"threadai-json\", \"version\" : 1, \"messages\" : [{\"id\" : \"\(String(repeating: "ab", count: 32))\", \"object\" : \"---\\nthread: main\\nrole: user\\ndate: 2026-01-01T00:00:00Z\\n---\\nhi\\n\"}]}",
             "message #1 (abab"),
            ("{\"format\" : \"threadai-json\", \"version\" : 1, \"threads\" : [{\"name\" : \"x\", \"heads\" : [\"\(String(repeating: "cd", count: 32))\"]}]}",
             "is not among the messages"),
            // Read as a stream: the version, last in sorted keys, and the end are checked before anything is written.
            (String(export.prefix(export.count / 2)), "truncated"),
            (export.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 7"), "unknown threadai-json version 7"),
            (try Self.withoutRoots(export), "is neither in the export nor in this repository"),
            (export.replacingOccurrences(of: "\"draft\\tside\\n\"", with: "\"draft side\\n\""), "renames line 1: is not two thread names"),
            (export.replacingOccurrences(of: "\\nnote: ", with: "\\nnote "), "tag #1 (first): line 3 is malformed"),
        ], format: "threadai-json")
    }

    /// `export` less its root messages, so that their children name parents it does not hold.
    static func withoutRoots(_ export: String) throws -> String {
        var document = try #require(try JSONSerialization.jsonObject(with: Data(export.utf8)) as? [String: Any])
        let messages = try #require(document["messages"] as? [[String: Any]])
        document["messages"] = messages.filter { ($0["object"] as? String)?.contains("\nparent: ") == true }
        #expect((document["messages"] as? [Any])?.count ?? 0 < messages.count)
        return String(decoding: try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .prettyPrinted]), as: UTF8.self)
    }

    @Test("an export spelled differently (every non-ASCII character and / escaped) imports to the same repository")
    func escapedExport() throws {
        let source = try CLISandbox.initialized(sending: "café — naïve 😀 a/b", "\u{1}tab\there \"quoted\" back\\slash")
        let export = try source.succeed(["export", "json"]).stdout
        var escaped = ""
        for scalar in export.unicodeScalars {
            if scalar == "/" {
                escaped += "\\/"
            } else if scalar.isASCII {
                escaped.unicodeScalars.append(scalar)
            } else {
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16).uppercased()
                    escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
        }
        let copy = try CLISandbox.initialized()
        try escaped.write(toFile: copy.work + "/escaped.json", atomically: false, encoding: .utf8)
        try copy.succeed(["import", "threadai-json", copy.work + "/escaped.json"])
        #expect(try copy.succeed(["export", "json"]).stdout == export)
    }

    @Test("export md: messages root first under headings, a marker where a fork leaves")
    func markdown() throws {
        let sandbox = try Self.populated()
        let text = try sandbox.succeed(["export", "md", "main"]).stdout
        #expect(text.hasPrefix("# main\n\n## main\n\n### 1. user · "))
        let one = try #require(text.range(of: "\none\n"))
        let two = try #require(text.range(of: "\ntwo\n"))
        #expect(one.lowerBound < two.lowerBound)
        #expect(text.contains("> ⑂ fork `side` continues from here"))
        let side = try sandbox.succeed(["export", "md", "side"]).stdout
        #expect(side.contains("Forked from `main` at message"))
        #expect(side.contains("\nthree\n"))
        try sandbox.succeed(["checkout", "side"])
        #expect(try sandbox.succeed(["export", "md"]).stdout == side, "without a thread, the current one, titled by its name")
        let usage = try sandbox.run(["export", "pdf"])
        #expect(usage.status == 2)
    }
}

extension ExportTests {
    @Test("export json leaves out what an import cut short left (messages no thread reaches above a missing parent), says so, and reads back")
    func exportLeavesOutCutOffMessages() throws {
        let sandbox = try CLISandbox.initialized(sending: "kept")
        let missing = String(repeating: "ab", count: 32)
        let orphan = try RepositoryFiles.place(Data("""
            ---
            parent: \(missing)
            thread: main
            role: user
            date: 2026-01-01T00:00:00Z
            ---
            above a gap

            """.utf8), in: sandbox.repository)
        let export = try sandbox.succeed(["export", "json"])
        #expect(export.stderr.contains("left out 1 message that no thread reaches"), "\(export)")
        #expect(!export.stdout.contains(orphan))
        let other = try CLISandbox.initialized()
        try export.stdout.write(toFile: other.work + "/e.json", atomically: false, encoding: .utf8)
        try other.succeed(["import", other.work + "/e.json"])
        #expect(try other.succeed(["log"]).stdout.contains("kept"))
    }

    @Test("export json fails, naming it, on a message a thread's history lacks, with the cache current or off")
    func exportFailsOnAGapBehindTheCache() throws {
        let sandbox = try CLISandbox.initialized(sending: "first")
        for turn in 2...4 { try sandbox.succeed(["send", "turn \(turn)"]) }
        try sandbox.succeed(["log", "--graph", "--all"])  // the message graph written, current
        let entries = try JSON.array(try sandbox.succeed(["log", "--json"]))
        let gone = try #require(entries[3]["id"] as? String)
        try FileManager.default.removeItem(atPath: sandbox.repository + "/objects/\(gone.prefix(2))/\(gone.dropFirst(2)).md")
        for environment in [[:], ["THREADAI_NO_CACHE": "1"]] {
            let export = try sandbox.run(["export", "json"], environment: environment)
            #expect(export.status == 3 && export.stdout.isEmpty && export.stderr.contains("message \(gone) is missing"), "\(export)")
        }
    }
}
