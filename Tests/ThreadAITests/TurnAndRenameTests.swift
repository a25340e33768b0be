import Foundation
import Testing
import ThreadAI

/// A turn and a change of its thread's ref: a rename or delete waits for no reply (it is refused while
/// one streams), and a sender that chose a thread before it was renamed or deleted writes nothing.
@Suite("Turns and renames")
struct TurnAndRenameTests {
    let library: LibraryConversation

    init() async throws {
        library = try await LibraryConversation()
    }

    var main: ThreadName { library.main }
    var repository: Repository { library.repository }
    var conversation: Conversation { library.conversation }

    @Test func aRenameOrDeleteIsRefusedWhileAReplyIsBeingStored() async throws {
        let first = try await conversation.prepare(text: "one", on: main, system: nil, budget: nil)
        first.release()
        try repository.createThread(try ThreadName("side"), at: first.userMessageID, reflogMessage: "test")
        let turn = try await conversation.reserveTurn(on: main)
        #expect {
            try repository.renameThread(main, to: try ThreadName("moved"))
        } throws: { "\($0)".contains("cannot rename 'main': a reply is being stored on it") }
        let side = try ThreadName("side")
        let sideTurn = try await conversation.reserveTurn(on: side)
        #expect {
            try repository.deleteThread(side, force: true)
        } throws: { "\($0)".contains("cannot delete 'side': a reply is being stored on it") }
        turn.release()
        sideTurn.release()
        try repository.renameThread(main, to: try ThreadName("moved"))
        #expect(try repository.refs.heads(of: try ThreadName("moved")) == [first.userMessageID])
    }

    @Test func aSenderWhoseThreadWasRenamedOrDeletedMeanwhileWritesNothing() async throws {
        let first = try await conversation.prepare(text: "one", on: main, system: nil, budget: nil)
        first.release()
        let objects = try FileManager.default.subpathsOfDirectory(atPath: repository.directory + "/objects").count
        try repository.renameThread(main, to: try ThreadName("moved"))
        await #expect {
            _ = try await conversation.prepare(text: "two", on: main, system: nil, budget: nil)
        } throws: { "\($0)".contains("thread 'main' was renamed to 'moved' while this command waited") }
        let other = try ThreadName("other")
        try repository.createThread(other, at: first.userMessageID, reflogMessage: "test")
        try repository.deleteThread(other, force: true)
        await #expect {
            _ = try await conversation.prepare(text: "three", on: other, system: nil, budget: nil)
        } throws: { "\($0)".contains("no longer exists") }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: repository.directory + "/objects").count == objects)
        #expect(!repository.refs.exists(main) && !repository.refs.exists(other))
    }

    /// Does `meanwhile` (what another process does while the reply streams), then answers "reply".
    struct ReplyProvider: ChatProvider {
        let name = "anthropic"
        var meanwhile: @Sendable () -> Void = {}

        func stream(_ request: ChatRequest) -> AsyncThrowingStream<ChatEvent, any Error> {
            meanwhile()
            return AsyncThrowingStream { continuation in
                continuation.yield(.text("reply"))
                continuation.yield(.finished(ChatCompletion(stopReason: "end_turn", model: "m", usage: nil)))
                continuation.finish()
            }
        }
    }

    @Test func aReplyWhoseThreadAPullRenamedGoesWhereTheThreadWent() async throws {
        let prepared = try await conversation.prepare(text: "question", on: main, system: nil, budget: nil)
        let root = repository.directory
        // What a `git pull` bringing a rename does: the new ref at the old one's head, the old gone, the rename recorded.
        let provider = ReplyProvider {
            try? FileManager.default.moveItem(atPath: root + "/refs/threads/main", toPath: root + "/refs/threads/trunk")
            try? "main\ttrunk\n".write(toFile: root + "/renames", atomically: true, encoding: .utf8)
        }
        let outcome = await conversation.reply(to: prepared, provider: provider, model: "m") { _ in }
        let reply = try #require(outcome.replyID, "\(String(describing: outcome.storeError))")
        #expect(try repository.refs.heads(of: try ThreadName("trunk")) == [reply])
        #expect(!repository.refs.exists(main))
    }

    @Test func aReplyWhoseThreadAPullMadeDivergeFollowsItsQuestion() async throws {
        let first = try await conversation.prepare(text: "one", on: main, system: nil, budget: nil)
        first.release()
        let prepared = try await conversation.prepare(text: "two", on: main, system: nil, budget: nil)
        let ref = repository.refs.path(of: main), other = first.userMessageID
        // What a `git pull` that made the thread diverge does: a second head line in its ref.
        let provider = ReplyProvider {
            guard let handle = FileHandle(forWritingAtPath: ref) else { return }
            handle.seekToEndOfFile()
            handle.write(Data((other.hex + "\n").utf8))
            handle.closeFile()
        }
        let outcome = await conversation.reply(to: prepared, provider: provider, model: "m") { _ in }
        let reply = try #require(outcome.replyID, "\(String(describing: outcome.storeError))")
        #expect(try repository.refs.heads(of: main) == [reply, first.userMessageID])
    }

    /// Sends "partial", then fails: the reply is kept as a partial one.
    struct CutProvider: ChatProvider {
        let name = "anthropic"
        struct Cut: Error {}

        func stream(_ request: ChatRequest) -> AsyncThrowingStream<ChatEvent, any Error> {
            AsyncThrowingStream { continuation in
                continuation.yield(.text("partial"))
                continuation.finish(throwing: Cut())
            }
        }
    }

    @Test func fsckDoesNotCallAPartialReplyThatRetryReplacedLost() async throws {
        let prepared = try await conversation.prepare(text: "question", on: main, system: nil, budget: nil)
        let cut = await conversation.reply(to: prepared, provider: CutProvider(), model: "m") { _ in }
        let partial = try #require(cut.replyID)
        let retried = try await conversation.prepareRetry(on: main, budget: nil)
        let outcome = await conversation.reply(to: retried, provider: ReplyProvider(), model: "m") { _ in }
        #expect(outcome.replyID != nil)
        let (problems, _) = try repository.check()
        #expect(!problems.contains { $0.id == partial }, "\(problems)")
    }
}
