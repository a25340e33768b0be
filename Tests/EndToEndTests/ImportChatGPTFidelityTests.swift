import Foundation
import Testing

/// What real ChatGPT exports hold that the importer got wrong (issue 33): a re-export after viewing
/// another branch, replies cut short, code languages, titles in other scripts.
@Suite("import chatgpt: fidelity")
struct ImportChatGPTFidelityTests {
    typealias Export = ImportChatGPTTests

    /// A conversation with a regenerated answer, `current` the node the user last viewed.
    static func branches(current: String) -> String {
        """
        [{"id": "c1", "title": "branches", "current_node": "\(current)", "mapping": {
          \(Export.node("u1", parent: nil, children: ["a1", "a1b"], role: "user", text: "Q1")),
          \(Export.node("a1", parent: "u1", children: ["u2"], role: "assistant", text: "A1")),
          \(Export.node("u2", parent: "a1", children: [], role: "user", text: "Q2")),
          \(Export.node("a1b", parent: "u1", children: [], role: "assistant", text: "A1 again"))}}]
        """
    }

    @Test("an export whose conversation only changed its viewed branch writes nothing new", arguments: ["a1b", "a1", "u1"])
    func viewedBranchChanged(current: String) throws {
        let sandbox = try CLISandbox.initialized()
        try sandbox.succeed(["import", Export.written(Self.branches(current: "u2"), as: "old.json", in: sandbox)])
        let before = try DirectorySnapshot(sandbox.repository)
        let again = try sandbox.succeed(["import", Export.written(Self.branches(current: current), as: "new.json", in: sandbox)])
        #expect(again.stderr.contains("4 messages (0 new), 1 fork, 0 threads created or moved"), "\(again.stderr)")
        #expect(try DirectorySnapshot(sandbox.repository) == before)
    }

    /// An assistant node whose message ended as `status`, `finishType` (`metadata.finish_details.type`) say.
    static func reply(_ id: String, parent: String, status: String, finishType: String?) -> String {
        let details = finishType.map { #", "metadata": {"finish_details": {"type": "\#($0)"}}"# } ?? ""
        return """
            "\(id)": {"id": "\(id)", "parent": "\(parent)", "children": [], "message": {"author": {"role": "assistant"}, \
            "create_time": 1700000000, "status": "\(status)", "end_turn": false\(details), "content": {"content_type": "text", "parts": ["\(id)"]}}}
            """
    }

    @Test("a reply cut short records how it finished; one that stopped as usual records nothing")
    func cutShortReplies() throws {
        let sandbox = try CLISandbox.initialized()
        let cases: [(id: String, status: String, type: String?, finish: String?)] = [
            ("long", "finished_successfully", "max_tokens", "max_tokens"),
            ("stopped", "in_progress", "interrupted", "interrupted"),
            ("unfinished", "in_progress", nil, "interrupted"),
            ("filtered", "finished_successfully", "content_filter", "content_filter"),
            ("plain", "finished_successfully", "stop", nil),
        ]
        let nodes = cases.map { Self.reply($0.id, parent: "q", status: $0.status, finishType: $0.type) }
        let question = Export.node("q", parent: nil, children: cases.map(\.id), role: "user", text: "Q")
        let export = #"[{"id": "c1", "title": "cut", "current_node": "plain", "mapping": {"# + ([question] + nodes).joined(separator: ", ") + "}}]"
        try sandbox.succeed(["import", Export.written(export, as: "cut.json", in: sandbox)])
        for (index, expected) in cases.enumerated() {
            let name = index == cases.count - 1 ? "chatgpt/cut-c1" : "chatgpt/cut-c1-\(index + 2)"
            let raw = try sandbox.succeed(["show", "--raw", name]).stdout
            #expect(raw.contains(expected.id), "\(name)")
            #expect(raw.contains("finish: ") == (expected.finish != nil), "\(raw)")
            if let finish = expected.finish { #expect(raw.contains("finish: \(finish)\n"), "\(raw)") }
        }
    }

    @Test("a title in any script names the thread with its letters", arguments: [
        ("한국어 대화 요약", "chatgpt/한국어-대화-요약-c1"), ("Café au lait", "chatgpt/café-au-lait-c1"),
        ("Ελληνικά, 123!", "chatgpt/ελληνικά-123-c1"), ("🙂 ✨", "chatgpt/untitled-c1"),
    ])
    func titleInAnyScript(title: String, name: String) throws {
        let sandbox = try CLISandbox.initialized()
        let export = #"[{"id": "c1", "title": "\#(title)", "current_node": "a", "mapping": {"#
            + Export.node("a", parent: nil, children: [], role: "user", text: "hi") + "}}]"
        try sandbox.succeed(["import", Export.written(export, as: "t.json", in: sandbox)])
        #expect(try sandbox.succeed(["threads"]).stdout.contains(name + " "))
    }

    @Test("a code part keeps its language in the fence's info string; unknown or none adds nothing")
    func codeLanguage() throws {
        let sandbox = try CLISandbox.initialized()
        func code(_ id: String, _ language: String?) -> String {
            let field = language.map { #", "language": "\#($0)""# } ?? ""
            return #""\#(id)": {"id": "\#(id)", "parent": "q", "children": [], "message": {"author": {"role": "assistant"}, "create_time": 1700000000, "# +
                #""content": {"content_type": "code", "text": "print(1)"\#(field)}}}"#
        }
        let question = Export.node("q", parent: nil, children: ["py", "unknown", "none", "odd"], role: "user", text: "Q")
        let export = #"[{"id": "c1", "title": "code", "current_node": "py", "mapping": {"#
            + [question, code("py", "python"), code("unknown", "unknown"), code("none", nil), code("odd", "c++ `x`\\n")].joined(separator: ", ") + "}}]"
        try sandbox.succeed(["import", Export.written(export, as: "code.json", in: sandbox)])
        #expect(try sandbox.succeed(["show", "--raw", "chatgpt/code-c1"]).stdout.hasSuffix("---\n```part:code python\nprint(1)\n```\n"))
        #expect(try sandbox.succeed(["show", "--raw", "chatgpt/code-c1-2"]).stdout.hasSuffix("---\n```part:code\nprint(1)\n```\n"))
        #expect(try sandbox.succeed(["show", "--raw", "chatgpt/code-c1-3"]).stdout.hasSuffix("---\n```part:code\nprint(1)\n```\n"))
        #expect(try sandbox.succeed(["show", "--raw", "chatgpt/code-c1-4"]).stdout.hasSuffix("---\n```part:code c++x\nprint(1)\n```\n"))
    }

    @Test("an empty file is refused saying so (skipped in a folder); a byte order mark before an export is skipped")
    func emptyFileAndByteOrderMark() throws {
        let sandbox = try CLISandbox.initialized()
        let empty = try Export.written("", as: "conversations.json", in: sandbox)
        let refused = try sandbox.run(["import", empty])
        #expect(refused.status == 1 && refused.stderr.contains("cannot import \(empty): the file is empty (0 bytes)"), "\(refused.stderr)")
        let folder = sandbox.work + "/project"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "".write(toFile: folder + "/s.jsonl", atomically: false, encoding: .utf8)
        let skipped = try sandbox.succeed(["import", folder])
        #expect(skipped.stderr.contains("skipped \(folder)/s.jsonl: empty (0 bytes)"), "\(skipped.stderr)")
        let bom = try Export.written("\u{FEFF}" + Self.branches(current: "u2"), as: "bom.json", in: sandbox)
        #expect(try sandbox.succeed(["import", bom]).stderr.contains("4 messages (4 new)"))
        let export = try sandbox.succeed(["export", "json"]).stdout
        let other = try CLISandbox.initialized()
        let bomExport = try Export.written("\u{FEFF}" + export, as: "export.json", in: other)
        #expect(try other.succeed(["import", bomExport]).stderr.contains("4 messages (4 new)"))
    }

    @Test("bytes that are not UTF-8 are replaced with U+FFFD, and the summary says how many, as for a NUL")
    func invalidUTF8Noted() throws {
        let sandbox = try CLISandbox.initialized()
        let text = Data(Self.branches(current: "u2").utf8).replacing(Data("A1 again".utf8), with: Data("A1 ".utf8) + Data([0xFF, 0xC3]))
        let file = sandbox.work + "/bad.json"
        try text.write(to: URL(fileURLWithPath: file))
        let result = try sandbox.succeed(["import", file])
        #expect(result.stderr.contains("note: chatgpt conversation c1: 2 invalid UTF-8 sequences replaced with U+FFFD"), "\(result.stderr)")
        #expect(try sandbox.succeed(["show", "chatgpt/branches-c1-2"]).stdout.contains("A1 \u{FFFD}\u{FFFD}"))
    }
}
