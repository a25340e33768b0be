import Foundation
import Testing
import ThreadAITestSupport
import ThreadAI

/// What an app gets from `Conversation` alone: the checks `prepare` makes before it writes, replies
/// as an asynchronous sequence, and a turn that cannot be answered twice.
@Suite("Conversation in an app: checks before writing, reply events, one answer a turn")
struct ConversationLibraryTests {
    /// Answers with its pieces, remembering the requests it was given.
    typealias RecordingProvider = ReviseLibraryTests.RecordingProvider

    let library: LibraryConversation
    var repository: Repository { library.repository }

    init() async throws {
        library = try await LibraryConversation()
    }

    @Test(arguments: ["MAIN", "Main/sub", "main/sub", "other..name"])
    func theFirstMessageOfAThreadTakesOnlyANameAThreadMayHave(_ name: String) async throws {
        let prepared = try await library.conversation.prepare(text: "first", on: library.main, system: nil, budget: nil)
        prepared.release()
        let before = try repository.objects.allIDs()
        let thread = try ThreadName(name)
        await #expect(throws: ThreadError.self) {
            try await library.conversation.prepare(text: "second", on: thread, system: nil, budget: nil)
        }
        #expect(try repository.objects.allIDs() == before)
        #expect(!repository.refs.exists(thread))
    }

    @Test func aCredentialInTheTextIsRefusedBeforeAnythingIsStored() async throws {
        let key = "sk-ant-api03-" + String(repeating: "Q", count: 40)
        let before = try repository.objects.allIDs()
        do {
            _ = try await library.conversation.prepare(text: "my key is \(key)", on: library.main, system: nil, budget: nil)
            Issue.record("a message holding a key was stored")
        } catch {
            guard case .secrets(let found) = error else { throw error }
            #expect(found.item == "your message")
            #expect(!error.description.contains(key))
        }
        await #expect(throws: ThreadError.self) {
            try await library.conversation.prepare(text: "fine", on: library.main, system: "use \(key)", budget: nil)
        }
        #expect(try repository.objects.allIDs() == before)

        let redacting = Conversation(repository: repository, secrets: .redact)
        let prepared = try await redacting.prepare(text: "my key is \(key)", on: library.main, system: nil, budget: nil)
        prepared.release()
        let stored = try repository.objects.message(prepared.userMessageID).content
        #expect(stored.contains("[REDACTED:") && !stored.contains(key))
    }

    @MainActor
    @Test func replyEventsHandOnEveryPieceInOrderThenTheStoredReply() async throws {
        let prepared = try await library.conversation.prepare(text: "count", on: library.main, system: nil, budget: nil)
        var pieces: [String] = []
        var outcome: ReplyOutcome?
        for await event in library.conversation.replyEvents(to: prepared, provider: RecordingProvider(["one ", "two ", "three"]), model: "m") {
            switch event {
            case .text(let piece): pieces.append(piece)
            case .stored(let stored): outcome = stored
            }
        }
        #expect(pieces == ["one ", "two ", "three"])
        let reply = try #require(outcome?.replyID)
        #expect(try repository.objects.message(reply).content == "one two three")
        #expect(try repository.singleHead(of: library.main) == reply)
    }

    @Test func aReplyKeepsTheThreadsCacheLineCurrent() async throws {
        let first = try await library.conversation.prepare(text: "one", on: library.main, system: nil, budget: nil)
        _ = await library.conversation.reply(to: first, provider: RecordingProvider(["a"]), model: "m") { _ in }
        _ = try repository.threadSummaries()  // builds cache/threads
        let second = try await library.conversation.prepare(text: "two", on: library.main, system: nil, budget: nil)
        _ = await library.conversation.reply(to: second, provider: RecordingProvider(["b"]), model: "m") { _ in }
        let report = try repository.verifyCache()
        #expect(report.file == .readable && report.stale == 0 && report.current == 1, "\(report)")
    }

    @Test func aTurnAnsweredTwiceIsNotAskedAgain() async throws {
        let prepared = try await library.conversation.prepare(text: "once", on: library.main, system: nil, budget: nil)
        let first = await library.conversation.reply(to: prepared, provider: RecordingProvider(["answer"]), model: "m") { _ in }
        let reply = try #require(first.replyID)
        let before = try repository.objects.allIDs()
        let again = RecordingProvider(["another answer"])
        let second = await library.conversation.reply(to: prepared, provider: again, model: "m") { _ in }
        #expect(second.replyID == nil && second.unattachedReplyID == nil)
        #expect(second.storeError != nil)
        #expect(again.requests.withLock { $0.count } == 0)
        #expect(try repository.objects.allIDs() == before)
        #expect(try repository.singleHead(of: library.main) == reply)
    }
}

/// README.md's "Embedding" example, run as it is written there.
@Suite("README's embedding example")
struct EmbeddingExampleTests {
    @Test func theExampleRunsAndStoresTheReply() async throws {
        let scratch = try ScratchFolder()
        let projectFolder = URL(fileURLWithPath: scratch.path)  // An app's folder, as it holds one.
        // From README.md, "Embedding", verbatim (the test below checks it still is):
        let (repository, _) = try Repository.initialize(in: projectFolder)
        let conversation = Conversation(repository: repository)
        let turn = try await conversation.prepare(text: "Hello", on: .main, system: nil, budget: nil)
        var (shown, stored): (String, ObjectID?) = ("", nil)
        for await event in conversation.replyEvents(to: turn, provider: OfflineProvider(), model: OfflineProvider.modelName) {
            switch event {
            case .text(let piece): shown += piece
            case .stored(let outcome): stored = outcome.replyID
            }
        }
        // End of the example.
        let reply = try #require(stored)
        #expect(!shown.isEmpty)
        #expect(try repository.objects.message(reply).content == shown)
    }

    @Test func theReadmeHoldsTheExampleThisSuiteRuns() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Embedding").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        let lines = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0 != "import ThreadAI" }
        let example = try #require(source.components(separatedBy: "// From README.md").dropFirst().first?.components(separatedBy: "// End of the example.").first)
        let tested = example.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(lines == tested)
    }
}
