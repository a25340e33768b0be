import Foundation
import Testing
import ThreadAITestSupport
@testable import ThreadAI

/// aider's chat history as an import source (docs/FORMAT.md §4.6, "aider, line by line"): the
/// framing aider writes, read from the fixture and from the edge cases around it, stored and stored
/// again as the file grows, and the commits its output reports found back (`AiderCommits`).
@Suite("Import: aider's chat history")
struct ImportAiderTests {
    static let fixture = PackageSources.root.appendingPathComponent("Fixtures/import/aider/.aider.chat.history.md")

    static func parse(_ text: String) throws -> [ImportConversation] {
        try AiderHistory.conversations(Data(text.utf8), name: "h.md")
    }

    static func summary(_ conversation: ImportConversation) -> [String] {
        conversation.nodes.map { node in
            let kind = node.role == .system ? "output" : node.role.rawValue
            return "\(node.sourceID) \(kind): \(node.content.replacingOccurrences(of: "\n", with: "|"))"
        }
    }

    @Test func theFixtureGivesEachSessionItsTurnsInOrder() throws {
        let conversations = try AiderHistory.conversations(try Data(contentsOf: Self.fixture), name: "fixture")
        #expect(conversations.count == 3)
        let first = conversations[0]
        #expect(first.id == "2025-03-14T09:26:53" && first.title == "Make greet take a name" && first.label == "092653")
        #expect(try Importer.threadName(for: first).rawValue == "aider/make-greet-take-a-name-20250314-092653")
        let started = try Timestamp(rfc3339: "2025-03-14T09:26:53Z")
        #expect(first.nodes.allSatisfy { $0.date == started } && first.date == started)
        let turns = Self.summary(first)
        #expect(turns.count == 11, "\(turns)")
        #expect(turns.first?.hasPrefix("3 output: Aider v0.77.1|Main model: anthropic/") == true)
        #expect(turns[1] == "9 user: /add greet.py" && turns[2] == "10 output: Added greet.py to the chat")
        #expect(turns[3] == "12 user: Make greet take a name|and say hello to it.")
        // The reply keeps its quote, its SEARCH/REPLACE block and its own `####` heading.
        let reply = first.nodes[4]
        #expect(reply.role == .assistant && reply.sourceID == "15" && reply.fields["model"] == "anthropic/claude-3-7-sonnet-20250219")
        #expect(reply.content.hasPrefix("I'll change `greet`") && reply.content.hasSuffix("#### Usage\n\nCall `greet(\"Ada\")`."))
        #expect(reply.content.contains("> Note: the name may be empty") && reply.content.contains(">>>>>>> REPLACE\n```"))
        #expect(turns[5] == "35 output: Tokens: 2.4k sent, 131 received. Cost: $0.0092 message, $0.0092 session.|Applied edit to greet.py|Commit 3f2a9c1 feat: greet takes a name")
        #expect(first.nodes[5].fields["source-role"] == "tool-output")
        // Framing lines inside the reply's code block are the reply's.
        #expect(turns[7].hasPrefix("41 assistant: A line the user typed.") && turns[7].contains("#### not a question  |> not aider's output  |```"))
        #expect(turns[10] == "51 output: hello, Ada|Add command output to the chat? (Y)es/(N)o/(D)on't ask again [Yes]: n")
        #expect(zip(first.nodes.dropFirst(), first.nodes).allSatisfy { $0.parentSourceID == $1.sourceID } && first.nodes[0].parentSourceID == nil)

        #expect(conversations[1].nodes.isEmpty && conversations[1].skipped.first?.contains("holds only aider's own output") == true)
        let third = conversations[2]
        #expect(third.title == "Write farewell.py", "a <blank> input is no title: \(String(describing: third.title))")
        #expect(Self.summary(third).prefix(3) == ["3 output: Aider v0.77.1|Model: openai/gpt-4o with whole edit format", "6 user: <blank>", "8 user: Write farewell.py"])
        #expect(third.nodes[3].fields["model"] == "openai/gpt-4o")
    }

    @Test func emptyAndForeignFiles() throws {
        #expect(try Self.parse("").isEmpty)
        #expect(try Self.parse("\n\n  \n").isEmpty)
        #expect(throws: ImportError.self) { try Self.parse("# Notes\n\nnot aider's\n") }
        // Text before the first header is counted and left out.
        let stray = try Self.parse("stray\n# aider chat started at 2025-01-02 03:04:05\n\n#### hi  \n")
        #expect(stray.count == 1 && stray[0].notes.first?.contains("1 line before the first session header") == true)
        // A header that is no time begins no session.
        #expect(throws: ImportError.self) { try Self.parse("# aider chat started at yesterday\n") }
    }

    @Test func aSessionWithNoReplyKeepsItsQuestionsAndOutput() throws {
        let text = "\n# aider chat started at 2025-01-02 03:04:05\n\n#### first  \n\n#### second  \n> ^C again to exit  \n"
        let conversation = try #require(try Self.parse(text).first)
        #expect(Self.summary(conversation) == ["3 user: first", "5 user: second", "6 output: ^C again to exit"])
        #expect(conversation.currentNode == "6")
    }

    @Test func quotesAndHeadingsInAReplyAreTheReplys() throws {
        let text = [
            "",
            "# aider chat started at 2025-01-02 03:04:05",
            "",
            "#### explain  ",
            "",
            "> a quote without aider's two spaces",
            "#### A heading",
            "",
            "~~~",
            "#### typed?  ",
            "> output?  ",
            "# aider chat started at 2025-01-02 03:04:06",
            "done",
            "",
            "> Tokens: 1k sent  ",
            "",
        ].joined(separator: "\n")
        let conversations = try Self.parse(text)
        // A session header always begins a session, even inside an open block: aider writes it at start-up.
        #expect(conversations.count == 2)
        let turns = Self.summary(conversations[0])
        #expect(turns == ["3 user: explain", "5 assistant: > a quote without aider's two spaces|#### A heading||~~~|#### typed?  |> output?  "], "\(turns)")
        #expect(Self.summary(conversations[1]) == ["2 assistant: done", "4 output: Tokens: 1k sent"])
    }

    @Test func anOutputOfSeveralLinesStaysOneOutput() throws {
        let text = "\n# aider chat started at 2023-11-11 04:27:25\n\n> Model: gpt-4-1106-preview using udiff edit format  \n\n"
            + "#### /add x.py  \n> Unable to add x.py: Cmd('git') failed\n  cmdline: git add x.py\nhint: Use -f  \n\n#### go  \n\nok\n"
        let conversation = try #require(try Self.parse(text).first)
        #expect(Self.summary(conversation) == [
            "3 output: Model: gpt-4-1106-preview using udiff edit format", "5 user: /add x.py",
            "6 output: Unable to add x.py: Cmd('git') failed|  cmdline: git add x.py|hint: Use -f", "10 user: go", "12 assistant: ok",
        ])
        #expect(conversation.nodes.last?.fields["model"] == "gpt-4-1106-preview" && conversation.title == "go")
    }

    @Test func crlfLinesReadAsLFLines() throws {
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        let crlf = try Self.parse(text.replacingOccurrences(of: "\n", with: "\r\n"))
        let lf = try Self.parse(text)
        #expect(crlf.map(Self.summary) == lf.map(Self.summary) && !lf.isEmpty)
        #expect(crlf.map(\.title) == lf.map(\.title))
    }

    @Test func theFileIsKnownByItsNameOrItsFirstLine() throws {
        #expect(try ImportSources.detect("/nonexistent/project/.aider.chat.history.md")?.name == "aider")
        #expect(AiderSource().claims(start: Array("\n# aider chat started at 2025-01-02 03:04:05\n".utf8)))
        #expect(AiderSource().claims(start: Array("\r\n# aider chat started at 2025-01-02 03:04:05\r\n".utf8)))
        #expect(!AiderSource().claims(start: Array("# Notes\n# aider chat started at 2025-01-02 03:04:05\n".utf8)))
        #expect(AiderSource().collects(inFolder: "app/.aider.chat.history.md") && !AiderSource().collects(inFolder: "app/notes.md"))
    }

    @Test func aGrownHistoryAddsOnlyItsNewMessagesAndItsCommitsAreFound() async throws {
        let library = try await LibraryConversation()
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        let cut = try #require(text.range(of: "#### /ask"))
        let path = library.folder.at(".aider.chat.history.md")
        func importFile(_ text: String) throws -> Importer.Summary {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            var importer = Importer(repository: library.repository)
            var summary = Importer.Summary()
            try AiderSource().importFile(at: path, into: &importer, summary: &summary, hooks: ImportHooks())
            return summary
        }
        let first = try importFile(String(text[..<cut.lowerBound]))
        #expect(first.newMessages == 6 && first.conversations == 1)
        let whole = try importFile(text)
        #expect(whole.newMessages == 5 + 5 && whole.forks == 0, "the first session's 5 new messages, the third session's 5")
        #expect(try library.repository.refs.names().map(\.rawValue).sorted()
            == ["aider/make-greet-take-a-name-20250314-092653", "aider/write-farewell-py-20250315-080000"])
        #expect(try importFile(text).newMessages == 0)

        let reports = try AiderCommits.reports(of: "3f2a9c1" + String(repeating: "0", count: 33), in: library.repository)
        #expect(reports.map(\.thread) == ["aider/make-greet-take-a-name-20250314-092653"] && reports.first?.hash == "3f2a9c1")
        let message = try library.repository.objects.message(try #require(reports.first?.id))
        #expect(message.content.contains("Commit 3f2a9c1 feat: greet takes a name"))
        #expect(try AiderCommits.reports(of: "3f2a9c2" + String(repeating: "0", count: 33), in: library.repository).isEmpty)
        #expect(try AiderCommits.reports(of: "8e1d07bff", in: library.repository).map(\.hash) == ["8e1d07b"])
    }

    /// The fuzz target's property (`FuzzTargets.aider`) on every prefix of the fixture and on copies
    /// with bytes changed, so a crash or a broken chain shows in every `swift test`, not only under libFuzzer.
    @Test func cutAndDamagedHistoriesStillReadAsChains() throws {
        let bytes = Array(try Data(contentsOf: Self.fixture))
        let target = try #require(FuzzTargets.all["aider"])
        for end in stride(from: 0, through: bytes.count, by: 3) {
            #expect(target(Array(bytes[..<end])) == nil, "cut at \(end)")
        }
        var generator = SystemRandomNumberGenerator()
        let replacements: [UInt8] = Array("#> \n\r`~ 0".utf8) + [0xFF, 0xC3]
        for _ in 0..<300 {
            var damaged = bytes
            for _ in 0..<4 { damaged[Int.random(in: 0..<damaged.count, using: &generator)] = replacements.randomElement(using: &generator) ?? 0 }
            #expect(target(damaged) == nil, "\(String(decoding: damaged, as: UTF8.self))")
        }
    }

    /// The first question titles the thread: a key in it must not reach the thread's name nor
    /// `source-title` when the content is redacted.
    @Test func aRedactedKeyLeavesNoTraceInTheThreadsName() async throws {
        let library = try await LibraryConversation()
        let key = "sk-ant-api03-" + String(repeating: "A", count: 93) + "-AAAAAAAA"
        let path = library.folder.at(".aider.chat.history.md")
        try Data("\n# aider chat started at 2025-01-02 03:04:05\n\n#### use \(key)  \n\nok\n".utf8).write(to: URL(fileURLWithPath: path))
        var importer = Importer(repository: library.repository)
        var summary = Importer.Summary()
        try AiderSource().importFile(at: path, into: &importer, summary: &summary, hooks: ImportHooks(secrets: .redact))
        let names = try library.repository.refs.names().map(\.rawValue)
        #expect(names == ["aider/use-redacted-anthropic-api-key-20250102-030405"], "\(names)")
        let root = try library.repository.objects.message(try #require(summary.stored.first))
        #expect(root.fields["source-title"] == "use [REDACTED:anthropic-api-key]" && !root.content.contains("sk-ant"))
    }

    /// aider commits the files' own changes before it applies a reply's edits: that commit is
    /// reported too, marked so, and found for its own id only.
    @Test func aCommitBeforeTheEditsIsToldApart() async throws {
        let library = try await LibraryConversation()
        let path = library.folder.at(".aider.chat.history.md")
        try Data([
            "",
            "# aider chat started at 2025-01-02 03:04:05",
            "",
            "#### fix it  ",
            "",
            "done",
            "",
            "> Committing a.py before applying edits.  ",
            "> Commit 1111111 chore: the user's changes  ",
            "> Applied edit to a.py  ",
            "> Commit 2222222 fix: it  ",
            "",
        ].joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        var importer = Importer(repository: library.repository)
        var summary = Importer.Summary()
        try AiderSource().importFile(at: path, into: &importer, summary: &summary, hooks: ImportHooks())
        let found = try AiderCommits.reports(of: ["1111111aaaa", "2222222bbbb", "3333333cccc"], in: library.repository)
        #expect(found["1111111aaaa"]?.map(\.beforeEdits) == [true] && found["2222222bbbb"]?.map(\.beforeEdits) == [false])
        #expect(found["1111111aaaa"]?.first?.id == found["2222222bbbb"]?.first?.id && found["3333333cccc"] == nil)
    }

    @Test func aidersCoAuthorLine() {
        #expect(AiderCommits.model(inCoAuthor: "aider (openai/gpt-4o) <noreply@aider.chat>") == .some("openai/gpt-4o"))
        #expect(AiderCommits.model(inCoAuthor: "aider <noreply@aider.chat>") == .some(nil))
        #expect(AiderCommits.model(inCoAuthor: "Ada <ada@example.com>") == nil)
        #expect(AiderCommits.reported(in: "Commit 3F2A9C1 feat: x") == "3f2a9c1")
        #expect(AiderCommits.reported(in: "Commit 3f2a9 short") == nil && AiderCommits.reported(in: "Committing a.py before applying edits.") == nil)
    }
}
