import Foundation
import Synchronization
import Testing
import ThreadAILibraryTestSupport
import ThreadAITestSupport
import ThreadAI

/// The revising API an app embeds (`Conversation.prepareEdit`, `prepareRegenerate`, `prepareContinue`,
/// `planMerge`/`commitMerge`), without the CLI: what is written, what the model is given, and what a
/// refusal leaves.
@Suite("Revising: edit, regenerate, continue and merge in the library")
struct ReviseLibraryTests {
    /// Answers with `pieces`, remembering the requests it was given.
    final class RecordingProvider: ChatProvider, Sendable {
        let name = "anthropic"
        let pieces: [String]
        let requests = Mutex<[ChatRequest]>([])

        init(_ pieces: [String]) { self.pieces = pieces }

        func stream(_ request: ChatRequest) -> AsyncThrowingStream<ChatEvent, any Error> {
            requests.withLock { $0.append(request) }
            return AsyncThrowingStream { continuation in
                for piece in pieces { continuation.yield(.text(piece)) }
                continuation.yield(.finished(ChatCompletion(stopReason: "end_turn", model: "m", usage: nil)))
                continuation.finish()
            }
        }
    }

    let library: LibraryConversation
    var main: ThreadName { library.main }
    var folder: ScratchFolder { library.folder }
    var repository: Repository { library.repository }
    var conversation: Conversation { library.conversation }

    init() async throws {
        library = try await LibraryConversation()
    }

    /// Sends `text` on `thread` and stores `answer` as its reply; returns the reply's id.
    @discardableResult
    func turn(_ text: String, answer: [String], on thread: ThreadName? = nil) async throws -> ObjectID {
        let prepared = try await conversation.prepare(text: text, on: thread ?? main, system: nil, budget: nil)
        let outcome = await conversation.reply(to: prepared, provider: RecordingProvider(answer), model: "m") { _ in }
        return try #require(outcome.replyID)
    }

    @Test func anEditTakesAForkNameOnlyIfItIsStillFree() async throws {
        let answer = try await turn("first", answer: ["one"])
        let question = try #require(try repository.objects.message(answer).parent)
        let fork = try conversation.forkName(of: main)
        #expect(fork.rawValue == "main-2")
        // Another writer takes the name between the choice and the edit: the edit writes nothing.
        try repository.createThread(fork, at: answer, reflogMessage: "test: another writer")
        let before = try repository.objects.allIDs().count
        await #expect(throws: ReviseError.self) {
            try await conversation.prepareEdit(of: question, text: "second", fork: fork, system: nil, budget: nil)
        }
        #expect(try repository.objects.allIDs().count == before)
        #expect(try repository.singleHead(of: fork) == answer)
    }

    @Test func anEditWithASystemPromptStartsTheForkWithItBesideTheOriginal() async throws {
        try await turn("first", answer: ["one"])
        let answer = try await turn("second", answer: ["two"])
        let question = try #require(try repository.objects.message(answer).parent)
        let fork = try ThreadName("brief")
        let prepared = try await conversation.prepareEdit(of: question, text: "second, briefly", fork: fork, system: "Be brief.", budget: nil)
        prepared.release()
        let system = try #require(prepared.systemMessageID)
        #expect(try repository.objects.message(system).parent == (try repository.objects.message(question).parent))
        #expect(try repository.objects.message(prepared.userMessageID).parent == system)
        #expect(prepared.context.system == "Be brief.")
        #expect(try repository.singleHead(of: fork) == prepared.userMessageID)
        #expect(try repository.singleHead(of: main) == answer)
    }

    @Test func regenerateForksAtTheQuestionAndTheReplyBecomesASibling() async throws {
        let answer = try await turn("question", answer: ["first answer"])
        let question = try conversation.question(for: answer)
        let fork = try ThreadName("again")
        let prepared = try await conversation.prepareRegenerate(answering: question, fork: fork, budget: nil)
        let outcome = await conversation.reply(to: prepared, provider: RecordingProvider(["second answer"]), model: "m") { _ in }
        let sibling = try #require(outcome.replyID)
        #expect(try repository.objects.message(sibling).parent == question)
        #expect(try repository.singleHead(of: fork) == sibling)
        #expect(try repository.singleHead(of: main) == answer)
    }

    @Test func continueGivesThePartialReplyAndStoresItWithWhatFollows() async throws {
        let prepared = try await conversation.prepare(text: "Count to four", on: main, system: nil, budget: nil)
        let failing = ScriptedProvider(pieces: ["one, two"], failure: .serverError(HTTPErrorDetails(provider: "anthropic", status: 500)))
        let partial = try #require(await conversation.reply(to: prepared, provider: failing, model: "m") { _ in }.replyID)

        let continuing = try await conversation.prepareContinue(on: main, budget: nil)
        #expect(continuing.continuing == "one, two" && continuing.replacing == partial)
        let provider = RecordingProvider([", three, four"])
        var shown = ""
        let outcome = await conversation.reply(to: continuing, provider: provider, model: "m") { shown += $0 }
        #expect(shown == ", three, four", "only the new text streams; the CLI prints the partial text itself")
        let completed = try #require(outcome.replyID)
        let message = try repository.objects.message(completed)
        #expect(message.content == "one, two, three, four")
        #expect(message.parent == prepared.userMessageID && message.finish == "end_turn")
        #expect(try repository.singleHead(of: main) == completed)
        let request = try #require(provider.requests.withLock { $0.first })
        #expect(request.messages.map(\.role) == [.user, .assistant, .user])
        #expect(request.messages[1].content == "one, two")
        #expect(request.messages[2].content == Conversation.continueInstruction)
        // Nothing partial is left to continue.
        await #expect(throws: ReviseError.self) { try await conversation.prepareContinue(on: main, budget: nil) }
    }

    @Test func anAPIKeyTheReplyEchoesIsNeitherShownNorStored() async throws {
        let key = "sk-test-SECRET123-0123456789abcdef"
        let prepared = try await conversation.prepare(text: "ping", on: main, system: nil, budget: nil)
        let echoing = ScriptedProvider(
            pieces: ["echo: authorization=Bearer sk-test-SEC", "RET123-0123456789abcdef", " done"],
            completion: ChatCompletion(stopReason: "stop"), sentKeys: SentKeys(credentials: [Credential(key)].compactMap { $0 }))
        var shown = ""
        let outcome = await conversation.reply(to: prepared, provider: echoing, model: "m") { shown += $0 }
        #expect(shown == "echo: authorization=Bearer [REDACTED:api-key] done")
        #expect(outcome.keysReplaced == 1)
        let stored = try repository.objects.message(try #require(outcome.replyID))
        #expect(stored.content == shown)
    }

    @Test func aMergedAnswerLinksItsSourceAndTheContextSaysWhereItCameFrom() async throws {
        let start = try await turn("plan", answer: ["a plan"])
        let research = try ThreadName("research")
        try repository.createThread(research, at: start, reflogMessage: "test: fork")
        let finding = try await turn("find trains", answer: ["the 9:02 train"], on: research)

        let plan = try await conversation.planMerge(research, into: main)
        #expect(plan.source == finding)
        let prepared = try conversation.commitMerge(plan, summary: nil, budget: nil)
        prepared.release()
        let merged = try repository.objects.message(prepared.userMessageID)
        #expect(merged.role == .user && merged.parent == start && merged.content == "the 9:02 train")
        #expect(merged.mergeLink == MergeLink(from: finding, thread: research, isSummary: false))
        let last = try #require(prepared.context.turns.last)
        #expect(last.content == "[Outcome of the sub-thread 'research' (its last answer, message \(finding.short)), merged into this thread:]"
            + "\n\nthe 9:02 train")
        #expect(!prepared.context.turns.contains { $0.content == "find trains" }, "a merge link is not a parent")
    }

    @Test func aSummaryIsAskedWithTheSubThreadsHistoryAndTheInstruction() async throws {
        let start = try await turn("plan", answer: ["a plan"])
        let research = try ThreadName("research")
        try repository.createThread(research, at: start, reflogMessage: "test: fork")
        try await turn("find trains", answer: ["the 9:02 train"], on: research)
        let plan = try await conversation.planMerge(research, into: main)
        let provider = RecordingProvider(["Take the 9:02."])
        let summary = await conversation.summarize(plan, provider: provider, model: "m", budget: nil) { _ in }
        #expect(summary.text == "Take the 9:02." && summary.failure == nil && !summary.interrupted)
        let request = try #require(provider.requests.withLock { $0.first })
        #expect(request.messages.map(\.content) == ["plan", "a plan", "find trains", "the 9:02 train", Conversation.summarizeInstruction])
        let prepared = try conversation.commitMerge(plan, summary: summary.text, budget: nil)
        prepared.release()
        #expect(try repository.objects.message(prepared.userMessageID).mergeLink?.isSummary == true)
    }
}
