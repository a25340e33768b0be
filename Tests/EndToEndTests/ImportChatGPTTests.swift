import Foundation
import Testing

/// `threadai import` of ChatGPT's `conversations.json` (docs/FORMAT.md §4.6), from `Fixtures/import/chatgpt/`.
@Suite("import chatgpt")
struct ImportChatGPTTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/import/chatgpt")
    static let export = fixtures.appendingPathComponent("conversations.json").path
    static let main = "chatgpt/merkle-chains-explained-6e1c2a4b"

    @Test("every branch is a fork; the current node's path is the thread; times, models, parts, hidden kept")
    func importsTheTree() throws {
        let sandbox = try CLISandbox.initialized()
        let result = try sandbox.succeed(["import", Self.export])
        #expect(result.stderr.contains("imported 1 conversation: 9 messages (9 new), 2 forks"))
        let threads = try sandbox.succeed(["threads"]).stdout
        #expect(threads.contains(Self.main + " "))
        #expect(threads.contains(Self.main + "-2"))  // the first answer, regenerated
        #expect(threads.contains(Self.main + "-3"))  // the question before it was edited
        let log = try sandbox.succeed(["log", Self.main]).stdout
        #expect(log.contains("Show me one in Python"))
        #expect(!log.contains("Pythn"))
        #expect(log.contains("```part:code python\n    import hashlib"))
        #expect(log.contains("```part:execution-output\n    ca978112"))
        #expect(log.contains("```part:image\n    {\"asset_pointer\":\"file-service://file-Xy12\""))
        let root = try sandbox.succeed(["show", "--raw", Self.main + "~6"]).stdout
        #expect(root == """
            ---
            thread: \(Self.main)
            role: system
            date: 2024-03-01T10:15:00Z
            hidden: true
            source: chatgpt:6e1c2a4b-0d7f-4c39-9a61-2f0b8e3d5c17/s0
            source-title: "Merkle chains, explained"
            ---


            """)
        let fork = try sandbox.succeed(["show", "--raw", Self.main + "-2"]).stdout
        #expect(fork.contains("role: assistant\ndate: 2024-03-01T10:15:41Z\nmodel: gpt-4\n"))
        let tool = try sandbox.succeed(["show", "--raw", Self.main + "~1"]).stdout
        #expect(tool.contains("role: assistant\ndate: 2024-03-01T10:16:56Z\nsource: chatgpt:6e1c2a4b-0d7f-4c39-9a61-2f0b8e3d5c17/x4\nsource-role: tool\n"))
        try sandbox.succeed(["fsck"])
    }

    @Test("importing again writes nothing")
    func reimportIsIdempotent() throws {
        let sandbox = try CLISandbox.initialized()
        try sandbox.succeed(["import", "chatgpt", Self.export])
        let before = try DirectorySnapshot(sandbox.repository)
        let again = try sandbox.succeed(["import", Self.export])
        #expect(again.stderr.contains("9 messages (0 new), 2 forks, 0 threads created or moved"))
        #expect(try DirectorySnapshot(sandbox.repository) == before)
    }

    @Test("a grown export adds only what is new and moves the thread forward, under its new name when it was renamed", arguments: [false, true])
    func grownExport(renamed: Bool) throws {
        let sandbox = try CLISandbox.initialized()
        try sandbox.succeed(["import", Self.export])
        let name = renamed ? "work/kept" : Self.main
        if renamed {
            try sandbox.succeed(["threads", "rename", Self.main, name])
            // The same export again: found where the rename put it, nothing made under the old name.
            let again = try sandbox.succeed(["import", Self.export])
            #expect(again.stderr.contains("(0 new), 2 forks, 0 threads created or moved"), "\(again)")
        }
        let text = try String(contentsOfFile: Self.export, encoding: .utf8)
            .replacingOccurrences(of: "\"current_node\": \"a5\"", with: "\"current_node\": \"u6\"")
            .replacingOccurrences(of: "\"a5\": {\"id\": \"a5\", \"parent\": \"x4\", \"children\": [],", with: """
                "u6": {"id": "u6", "parent": "a5", "children": [], "message": {"id": "u6", "author": {"role": "user"}, \
                "create_time": 1709288300.0, "content": {"content_type": "text", "parts": ["Thanks"]}}},
                "a5": {"id": "a5", "parent": "x4", "children": ["u6"],
                """)
        #expect(text.contains("\"u6\": {"))
        let grown = sandbox.work + "/grown.json"
        try text.write(toFile: grown, atomically: false, encoding: .utf8)
        let result = try sandbox.succeed(["import", grown])
        #expect(result.stderr.contains("10 messages (1 new), 2 forks, 1 thread created or moved"))
        #expect(try sandbox.succeed(["show", name]).stdout.contains("Thanks"))
        #expect(try sandbox.run(["show", Self.main]).status == (renamed ? 1 : 0))
    }

    @Test("a conversation retitled in the source since its import is found by its source: nothing new, its thread goes on, a note says so")
    func retitled() throws {
        let sandbox = try CLISandbox.initialized()
        try sandbox.succeed(["import", Self.export])
        let original = try String(contentsOfFile: Self.export, encoding: .utf8)
        let title = try #require(original.firstMatch(of: #/"title": "[^"]*"/#)).output
        let retitled = sandbox.work + "/retitled.json"
        try original.replacingOccurrences(of: String(title), with: "\"title\": \"Renamed in ChatGPT\"")
            .write(toFile: retitled, atomically: false, encoding: .utf8)
        let before = try DirectorySnapshot(sandbox.repository)
        let again = try sandbox.succeed(["import", retitled])
        #expect(again.stderr.contains("(0 new), 2 forks, 0 threads created or moved"), "\(again)")
        #expect(again.stderr.contains("'Renamed in ChatGPT' now: kept in \(Self.main)"), "\(again)")
        #expect(try DirectorySnapshot(sandbox.repository) == before)
    }

    @Test("a truncated export is refused, naming the file, and changes nothing")
    func truncatedExport() throws {
        let sandbox = try CLISandbox.initialized()
        let before = try DirectorySnapshot(sandbox.repository)
        let result = try sandbox.run(["import", Self.fixtures.appendingPathComponent("truncated.json").path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("truncated.json: not valid JSON"))
        #expect(try DirectorySnapshot(sandbox.repository) == before)
    }

    @Test("a file read conversation by conversation is still checked whole first: a broken last one imports nothing")
    func brokenAfterGoodOnes() throws {
        let sandbox = try CLISandbox.initialized()
        let valid = try String(contentsOfFile: Self.export, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        try sandbox.expectImportsRefused([
            (String(valid.dropLast()) + ", {\"id\": \"c2\", \"mapping\": {\"b\": {\"parent\": \"gone\"}}}]", "conversation #2 (c2) node b"),
            (String(valid.dropLast()) + ", {\"id\": \"c2\", \"mapping\": {", "not valid JSON"),
        ], format: "chatgpt")
    }

    @Test("a node whose parent is missing is refused, naming the conversation and the node")
    func missingParent() throws {
        let sandbox = try CLISandbox.initialized()
        let broken = sandbox.work + "/broken.json"
        try """
            [{"id": "c1", "title": "t", "current_node": "b", "mapping": {
              "a": {"id": "a", "parent": null, "children": [], "message": {"author": {"role": "user"}, "content": {"content_type": "text", "parts": ["hi"]}}},
              "b": {"id": "b", "parent": "gone", "children": [], "message": {"author": {"role": "assistant"}, "content": {"content_type": "text", "parts": ["yo"]}}}}}]
            """.write(toFile: broken, atomically: false, encoding: .utf8)
        let before = try DirectorySnapshot(sandbox.repository)
        let result = try sandbox.run(["import", broken])
        #expect(result.status == 1)
        #expect(result.stderr.contains("conversation #1 (c1) node b: its parent gone is not in the mapping"))
        #expect(try DirectorySnapshot(sandbox.repository) == before)
    }

    /// A mapping node with a text message, for the hand-made exports below.
    static func node(_ id: String, parent: String?, children: [String], role: String, text: String) -> String {
        let parentJSON = parent.map { "\"\($0)\"" } ?? "null"
        let childrenJSON = children.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            "\(id)": {"id": "\(id)", "parent": \(parentJSON), "children": [\(childrenJSON)], "message": {"author": {"role": "\(role)"}, \
            "create_time": 1700000000, "content": {"content_type": "text", "parts": ["\(text)"]}}}
            """
    }

    @Test("a loop of parents is refused, naming it, even after a sound conversation; nothing is written")
    func parentLoop() throws {
        let sandbox = try CLISandbox.initialized()
        let broken = sandbox.work + "/loop.json"
        try """
            [{"id": "c0", "title": "fine", "current_node": "a", "mapping": {\(Self.node("a", parent: nil, children: [], role: "user", text: "hi"))}},
             {"id": "c1", "title": "t", "current_node": "b", "mapping": {
              \(Self.node("a", parent: "b", children: ["b"], role: "user", text: "hi")),
              \(Self.node("b", parent: "a", children: ["a"], role: "assistant", text: "yo"))}}]
            """.write(toFile: broken, atomically: false, encoding: .utf8)
        let before = try DirectorySnapshot(sandbox.repository)
        let result = try sandbox.run(["import", broken])
        #expect(result.status == 1)
        #expect(result.stderr.contains("conversation #2 (c1) node a: its parents loop (a → b → a)"), "\(result.stderr)")
        #expect(try DirectorySnapshot(sandbox.repository) == before)
    }

    @Test("a node its parent does not list among its children is imported below it; a conversation of no message is skipped, said")
    func unlistedChildAndEmptyConversation() throws {
        let sandbox = try CLISandbox.initialized()
        let export = sandbox.work + "/odd.json"
        try """
            [{"id": "c1", "title": "odd", "current_node": "b", "mapping": {
              "r": {"id": "r", "parent": null, "children": ["a"], "message": null},
              \(Self.node("a", parent: "r", children: ["b"], role: "user", text: "question")),
              \(Self.node("b", parent: "a", children: [], role: "assistant", text: "listed answer")),
              \(Self.node("x", parent: "a", children: [], role: "assistant", text: "unlisted answer"))}},
             {"id": "c2", "title": "empty", "current_node": "r", "mapping": {"r": {"id": "r", "parent": null, "children": [], "message": null}}}]
            """.write(toFile: export, atomically: false, encoding: .utf8)
        let result = try sandbox.succeed(["import", export])
        #expect(result.stderr == """
            skipped chatgpt conversation c2: no messages
            imported 1 conversation: 3 messages (3 new), 1 fork, 2 threads created or moved, 1 item skipped

            """)
        #expect(try sandbox.succeed(["show", "chatgpt/odd-c1-2"]).stdout.contains("unlisted answer"))
        #expect(try sandbox.succeed(["show", "chatgpt/odd-c1"]).stdout.contains("listed answer"))
    }

    @Test("an unknown export version (no mapping), a top level that holds no conversations array: refused, naming the item, changing nothing")
    func unknownVersion() throws {
        try CLISandbox.initialized().expectImportsRefused([
            (#"[{"id": "c1", "title": "t", "messages": [{"role": "user", "content": "hi"}]}]"#,
             "refused0.json conversation #1 (c1): has no mapping (unknown export version?)"),
            (#"{"data": []}"#, "refused1.json: not a ChatGPT conversations.json: the top level is neither an array nor an object with a \"conversations\" array"),
        ], format: "chatgpt")
    }

    @Test("a create_time beyond any date (1e300, and one past Int64's seconds) is refused, naming the node, changing nothing")
    func timeBeyondAnyDate() throws {
        let node = { (time: String) in
            #"[{"id": "c1", "title": "t", "current_node": "a", "mapping": {"a": {"id": "a", "parent": null, "children": [], "#
                + #""message": {"author": {"role": "user"}, "create_time": "# + time + #", "content": {"content_type": "text", "parts": ["hi"]}}}}}]"#
        }
        try CLISandbox.initialized().expectImportsRefused([
            (node("1e300"), "refused0.json conversation #1 (c1) node a: create_time 1e+300 is not a date"),
            (node("9223372036854775808"), "refused1.json conversation #1 (c1) node a: create_time 9.223372036854776e+18 is not a date"),
        ], format: "chatgpt")
    }

    @Test("a hidden flag written as 1 or 0 counts as true or false, as a boolean does")
    func hiddenAsNumber() throws {
        let sandbox = try CLISandbox.initialized()
        let export = sandbox.work + "/hidden.json"
        try """
            [{"id": "c1", "title": "t", "current_node": "b", "mapping": {
              "a": {"id": "a", "parent": null, "children": ["b"], "message": {"author": {"role": "user"}, "metadata": {"is_visually_hidden_from_conversation": 1}, "content": {"content_type": "text", "parts": ["hi"]}}},
              "b": {"id": "b", "parent": "a", "children": [], "message": {"author": {"role": "assistant"}, "metadata": {"is_visually_hidden_from_conversation": 0}, "content": {"content_type": "text", "parts": ["yo"]}}}}}]
            """.write(toFile: export, atomically: false, encoding: .utf8)
        try sandbox.succeed(["import", "chatgpt", export])
        let thread = "chatgpt/t-c1"
        #expect(try sandbox.succeed(["show", "--raw", thread + "~1"]).stdout.contains("\nhidden: true\n"))
        #expect(!(try sandbox.succeed(["show", "--raw", thread]).stdout.contains("hidden")))
    }
}

extension ImportChatGPTTests {
    @Test("a grown export whose current branch changed: each thread keeps its branch, the fork grows, nothing is written twice")
    func currentBranchChanged() throws {
        let sandbox = try CLISandbox.initialized()
        func export(current: String, grown: Bool) -> String {
            """
            [{"id": "c1", "title": "branches", "current_node": "\(current)", "mapping": {
              \(Self.node("u1", parent: nil, children: ["a1"], role: "user", text: "Q1")),
              \(Self.node("a1", parent: "u1", children: ["u2", "u2e"], role: "assistant", text: "A1")),
              \(Self.node("u2", parent: "a1", children: ["a2"], role: "user", text: "Q2")),
              \(Self.node("a2", parent: "u2", children: grown ? ["u3"] : [], role: "assistant", text: "A2")),
              \(Self.node("u2e", parent: "a1", children: ["a2e"], role: "user", text: "Q2 edited")),
              \(Self.node("a2e", parent: "u2e", children: [], role: "assistant", text: "A2 edited"))\(grown ? "," : "")
              \(grown ? Self.node("u3", parent: "a2", children: ["a3"], role: "user", text: "Q3") + "," : "")
              \(grown ? Self.node("a3", parent: "u3", children: [], role: "assistant", text: "A3") : "")}}]
            """
        }
        try export(current: "a2e", grown: false).write(toFile: sandbox.work + "/old.json", atomically: false, encoding: .utf8)
        try export(current: "a3", grown: true).write(toFile: sandbox.work + "/new.json", atomically: false, encoding: .utf8)
        try sandbox.succeed(["import", sandbox.work + "/old.json"])
        let grown = try sandbox.succeed(["import", sandbox.work + "/new.json"])
        #expect(grown.stderr.contains("8 messages (2 new), 1 fork, 1 thread created or moved") && !grown.stderr.contains("note:"), "\(grown)")
        #expect(try sandbox.succeed(["log", "--oneline", "chatgpt/branches-c1-2"]).stdout.contains("A3"))
        #expect(try sandbox.succeed(["log", "--oneline", "chatgpt/branches-c1"]).stdout.contains("A2 edited"))
        // Every object is on some thread: fsck finds nothing unreachable.
        let fsck = try sandbox.succeed(["fsck"])
        #expect((fsck.stdout + fsck.stderr).contains("0 errors, 0 warnings"), "\(fsck)")
        let again = try sandbox.succeed(["import", sandbox.work + "/new.json"])
        #expect(again.stderr.contains("(0 new)") && again.stderr.contains("0 threads created or moved") && !again.stderr.contains("skipped thread"))
        // The branch grows on: its thread moves forward under the same name.
        let further = export(current: "a4", grown: true).replacingOccurrences(of: #""children": [], "message": {"author": {"role": "assistant"}, "create_time": 1700000000, "content": {"content_type": "text", "parts": ["A3"]}}}"#, with: #""children": ["u4"], "message": {"author": {"role": "assistant"}, "create_time": 1700000000, "content": {"content_type": "text", "parts": ["A3"]}}}, \#(Self.node("u4", parent: "a3", children: ["a4"], role: "user", text: "Q4")), \#(Self.node("a4", parent: "u4", children: [], role: "assistant", text: "A4"))"#)
        try further.write(toFile: sandbox.work + "/further.json", atomically: false, encoding: .utf8)
        let grownOn = try sandbox.succeed(["import", sandbox.work + "/further.json"])
        #expect(grownOn.stderr.contains("(2 new)") && grownOn.stderr.contains("1 thread created or moved") && !grownOn.stderr.contains("note:"), "\(grownOn)")
        #expect(try sandbox.succeed(["log", "--oneline", "-1", "chatgpt/branches-c1-2"]).stdout.contains("A4"))
    }
}

extension ImportChatGPTTests {
    @Test("an unzipped export folder: conversations-NNN.json shards imported in order; a null conversation_id falls back to id; an empty folder is refused")
    func exportFolder() throws {
        let sandbox = try CLISandbox.initialized()
        let folder = sandbox.work + "/export"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
            [{"id": "c1", "conversation_id": null, "title": "first shard", "current_node": "a",
              "mapping": {\(Self.node("a", parent: nil, children: [], role: "user", text: "one"))}}]
            """.write(toFile: folder + "/conversations-000.json", atomically: false, encoding: .utf8)
        try """
            [{"id": "c2", "title": "second shard", "current_node": "a", "mapping": {\(Self.node("a", parent: nil, children: [], role: "user", text: "two"))}}]
            """.write(toFile: folder + "/conversations-001.json", atomically: false, encoding: .utf8)
        try "{}".write(toFile: folder + "/export_manifest.json", atomically: false, encoding: .utf8)
        let result = try sandbox.succeed(["import", folder])
        #expect(result.stderr.contains("imported 2 conversations: 2 messages (2 new)"), "\(result)")
        #expect(try sandbox.succeed(["show", "chatgpt/first-shard-c1"]).stdout.contains("one"))
        #expect(try sandbox.succeed(["show", "chatgpt/second-shard-c2"]).stdout.contains("two"))
        try FileManager.default.createDirectory(atPath: sandbox.work + "/empty", withIntermediateDirectories: true)
        let empty = try sandbox.run(["import", sandbox.work + "/empty"])
        #expect(empty.status == 1 && empty.stderr.contains("nothing to import in the folder"))
    }
}

extension ImportChatGPTTests {
    /// `text` written as the file `name` in the sandbox's work folder: a hand-made export.
    static func written(_ text: String, as name: String, in sandbox: CLISandbox) throws -> String {
        let path = sandbox.work + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test("a file the user uploaded (metadata.attachments) is kept as a part:attachment block after the text")
    func uploadedFile() throws {
        let sandbox = try CLISandbox.initialized()
        let export = try Self.written("""
            [{"id": "c9", "title": "upload", "current_node": "u", "mapping": {"u": {"id": "u", "parent": null, "children": [],
              "message": {"author": {"role": "user"}, "create_time": 1700000000, "content": {"content_type": "text", "parts": ["Summarise this"]},
              "metadata": {"attachments": [{"id": "file_01", "name": "notes.md", "mime_type": "text/markdown", "size": 1523}]}}}}}]
            """, as: "upload.json", in: sandbox)
        try sandbox.succeed(["import", export])
        let shown = try sandbox.succeed(["show", "--raw", "chatgpt/upload-c9"]).stdout
        #expect(shown.hasSuffix("""
            Summarise this

            ```part:attachment
            {"id":"file_01","mime_type":"text/markdown","name":"notes.md","size":1523}
            ```

            """), "\(shown)")
    }
}

extension ImportChatGPTTests {
    @Test("a top level that wraps the array, {\"conversations\": [...]}, imports as the array does")
    func wrappedArray() throws {
        let sandbox = try CLISandbox.initialized()
        let export = try Self.written("""
            {"user": {"id": "u"}, "conversations": [{"id": "c1", "title": "wrapped", "current_node": "a",
              "mapping": {\(Self.node("a", parent: nil, children: [], role: "user", text: "inside"))}}], "version": 2}
            """, as: "wrapped.json", in: sandbox)
        let result = try sandbox.succeed(["import", export])
        #expect(result.stderr.contains("imported 1 conversation: 1 message (1 new)"), "\(result)")
        #expect(try sandbox.succeed(["show", "chatgpt/wrapped-c1"]).stdout.contains("inside"))
    }
}

extension ImportChatGPTTests {
    @Test("importing again after sending on the imported thread changes nothing: the thread went on from it")
    func reimportAfterSending() throws {
        let sandbox = try CLISandbox.initialized()
        let export = try Self.written("""
            [{"id": "c1", "title": "one", "current_node": "a", "mapping": {
              \(Self.node("u", parent: nil, children: ["a"], role: "user", text: "Q")),
              \(Self.node("a", parent: "u", children: [], role: "assistant", text: "A"))}}]
            """, as: "one.json", in: sandbox)
        try sandbox.succeed(["import", export])
        try sandbox.succeed(["checkout", "chatgpt/one-c1"])
        try sandbox.succeed(["send", "a follow-up"])
        let again = try sandbox.succeed(["import", export])
        #expect(!again.stderr.contains("note:") && again.stderr.contains("0 threads created or moved"), "\(again)")
        #expect(try JSON.array(try sandbox.succeed(["threads", "--json"])).count == 1)
    }

    @Test("a surrogate escape not half of a pair, and a NUL, are stored as U+FFFD: the file imports whole, with ids as FORMAT §4.6 gives")
    func unstorableCharacters() throws {
        let sandbox = try CLISandbox.initialized()
        let result = try sandbox.succeed(["import", Self.fixtures.appendingPathComponent("unstorable.json").path])
        #expect(result.stderr.contains("1 NUL character replaced with U+FFFD"), "\(result)")
        #expect(result.stderr.contains("imported 2 conversations: 4 messages (4 new)"), "\(result)")
        let thread = "chatgpt/cut-emoji-0b1c6f9e"
        let question = try sandbox.succeed(["show", "--raw", thread + "~1"]).stdout
        #expect(question.hasSuffix("---\nhalf \u{FFFD} emoji, \u{FFFD}\n, \u{FFFD} alone, \u{FFFD}\u{1F600} paired\n"), "\(question)")
        #expect(try sandbox.succeed(["show", "--raw", thread]).stdout.hasSuffix("---\na NUL \u{FFFD} here\n"))
        let head = try String(contentsOfFile: sandbox.repository + "/refs/threads/" + thread, encoding: .utf8)
        #expect(head == "21022faeb3bb055c31b5f563bf146b7cc3ff89fe79804c85429da854d45bdd23\n")
    }
}
