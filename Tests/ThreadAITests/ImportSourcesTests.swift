import Foundation
import Testing
import ThreadAITestSupport
import ThreadAI

/// The one way in for import formats (docs/DESIGN.md, "Adding an import source"): the registry,
/// detection, folders and storing all go through `ImportSource`, so a source added there is
/// everything `import` needs; the CLI names none.
@Suite("Import sources")
struct ImportSourcesTests {
    /// A source as a new one would be written: its own extension, its own first bytes.
    struct StubSource: ConversationSource {
        let name = "stub"
        func claims(fileName path: String) -> Bool { path.hasSuffix(".stub") }
        func claims(start: [UInt8]) -> Bool { start.starts(with: Array("STUB".utf8)) }
        func collects(inFolder relativePath: String) -> Bool { relativePath.hasSuffix(".stub") }

        func forEachConversation(at path: String, hooks: ImportHooks, _ body: (ImportConversation) throws -> Void) throws {
            try body(ImportConversation(
                format: name, id: "s1", title: "from a stub", date: nil,
                nodes: [ImportNode(sourceID: "a", parentSourceID: nil, role: .user, date: nil, content: "hello from \(path)")],
                currentNode: "a"))
        }
    }

    @Test func theRegistryListsEveryFormatInTheOrderHelpGivesThem() {
        #expect(ImportSources.names() == ["chatgpt", "codex", "gemini", "claude-code", "aider", "llm", "threadai-json"])
        #expect(ImportSources.named("llm")?.name == "llm")
        #expect(ImportSources.named("chatgtp") == nil)
    }

    @Test func aFileNamedForASourceIsNeverOpenedToDetectIt() throws {
        // Neither file exists: opening one would throw.
        #expect(try ImportSources.detect("/nonexistent/logs.db")?.name == "llm")
        #expect(try ImportSources.detect("/nonexistent/session.jsonl")?.name == "claude-code")
        #expect(try ImportSources.detect("/nonexistent/2025/10/29/rollout-2025-10-29T00-59-38-019a.jsonl")?.name == "codex")
        #expect(try ImportSources.detect("/nonexistent/tmp/app/chats/session-2026-05-02T10-15-0f3c9a2e.jsonl")?.name == "gemini")
        #expect(try ImportSources.detect("/nonexistent/tmp/app/chats/session-2026-01-12T09-30-7d41b0c3.json")?.name == "gemini")
        #expect(try ImportSources.detect("/nonexistent/tmp/app/chats/0f3c9a2e/9d8e7f6a.jsonl")?.name == "gemini")
        #expect(try ImportSources.detect("/nonexistent/tmp/app/checkpoint-draft.json")?.name == "gemini")
        // A folder named chats higher up (in HOME's path) makes no Claude Code session Gemini's.
        #expect(try ImportSources.detect("/home/chats/.claude/projects/-home-chats-app/8463c716.jsonl")?.name == "claude-code")
        #expect(CodingAgent.of(transcript: "/home/chats/.claude/projects/-home-chats-app/8463c716.jsonl") == .claudeCode)
        #expect(CodingAgent.of(transcript: "/home/me/.gemini/tmp/app/chats/0f3c9a2e/9d8e7f6a.jsonl") == .gemini)
        #expect(try ImportSources.detect("/nonexistent/x.stub", among: [StubSource()] + ImportSources.all)?.name == "stub")
    }

    @Test func otherFilesAreDetectedByTheirFirstBytesElseReadAsChatGPT() async throws {
        let folder = try ScratchFolder()
        let export = folder.at("export.json"), other = folder.at("other.json"), stub = folder.at("stub.txt")
        try Data(#"{ "format" : "threadai-json", "version": 1 }"#.utf8).write(to: URL(fileURLWithPath: export))
        try Data("[]".utf8).write(to: URL(fileURLWithPath: other))
        try Data("STUB and more".utf8).write(to: URL(fileURLWithPath: stub))
        let gemini = folder.at("moved.json")
        try Data(#"{\n  "sessionId": "0f3c",\n  "projectHash": "5c2b",\n  "messages": []\n}"#.utf8)
            .write(to: URL(fileURLWithPath: gemini))
        #expect(try ImportSources.detect(gemini)?.name == "gemini", "a Gemini session moved out of its chats folder")
        #expect(try ImportSources.detect(export)?.name == "threadai-json")
        #expect(try ImportSources.detect(other)?.name == "chatgpt")
        #expect(try ImportSources.detect(stub, among: ImportSources.all + [StubSource()])?.name == "stub")
        #expect(try ImportSources.detect(stub, among: [ThreadAIJSONSource()]) == nil, "no source reads unclaimed files")
        #expect(throws: ImportFileError.self) { try ImportSources.detect(folder.at("missing.json")) }
    }

    @Test func aFolderYieldsEachSourcesFilesInTheSourcesOrder() {
        let below = ["b/two.jsonl", "conversations-001.json", "a.jsonl", "conversations.json", "notes.txt",
                     "sub/conversations.json", "conversations-x.json", "x.stub", "2025/10/29/rollout-1.jsonl",
                     "tmp/app/chats/session-1.jsonl", "tmp/app/checkpoint-a.json", "session-2.json"]
        // A Codex rollout is Codex's, taken once, though Claude Code's sessions also end in .jsonl.
        #expect(ImportSources.collected(inFolder: below)
            == ["conversations-001.json", "conversations.json", "2025/10/29/rollout-1.jsonl",
               "session-2.json", "tmp/app/chats/session-1.jsonl", "tmp/app/checkpoint-a.json", "a.jsonl", "b/two.jsonl"])
        #expect(ImportSources.collected(inFolder: below, among: ImportSources.all + [StubSource()]).last == "x.stub")
    }

    @Test func aNewSourceStoresThroughTheImporterWithTheSecretPolicy() async throws {
        let library = try await LibraryConversation()
        var importer = Importer(repository: library.repository)
        var summary = Importer.Summary()
        var progressed = 0
        let hooks = ImportHooks(progress: { _ in progressed += 1 })
        try StubSource().importFile(at: "x.stub", into: &importer, summary: &summary, hooks: hooks)
        #expect(try library.repository.refs.names().map(\.rawValue) == ["stub/from-a-stub-s1"])
        #expect(summary.conversations == 1 && progressed == 1)
    }

    @Test func llmsReaderRunsTheSqlite3OnTheSearchPathItIsGiven() async throws {
        let library = try await LibraryConversation()
        var importer = Importer(repository: library.repository)
        var summary = Importer.Summary()
        let hooks = ImportHooks(toolSearchPath: "/nonexistent")
        #expect {
            try LLMSource().importFile(at: "/nonexistent/logs.db", into: &importer, summary: &summary, hooks: hooks)
        } throws: { error in
            (error as? LLMDatabaseError)?.problem == .noTool
        }
    }

    /// The CLI only dispatches: no format's name is spelt as a value in it (the help text and
    /// examples name formats inside longer strings).
    @Test func theCommandLineNamesNoImportFormat() throws {
        let files = try PackageSources.swiftFiles(of: "ThreadAICLI")
        #expect(!files.isEmpty)
        for (file, text) in files {
            for name in ImportSources.names() {
                #expect(!text.contains("\"\(name)\""), "\(file) spells the import format \(name)")
            }
        }
    }
}
