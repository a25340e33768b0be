import Foundation
import Testing
import ThreadAILibraryTestSupport
import ThreadAITestSupport
import ThreadAI
@testable import ThreadAICLI

/// A factory whose every choice answers with `provider`, and reports one retry before it streams.
func scriptedFactory(_ provider: ScriptedProvider) -> ProviderFactory {
    ProviderFactory { _ in
        ProviderChoice(
            providerName: provider.name, model: "claude-sonnet-4-5", contextBudget: nil, maxOutputTokens: nil,
            notice: nil, settings: nil,
            makeProvider: { onRetry in
                onRetry?(RetryNotice(
                    retry: 1, maxRetries: 3, delay: .milliseconds(2100),
                    error: .rateLimited(HTTPErrorDetails(provider: "anthropic", status: 429))))
                return provider
            })
    }
}

@Suite("send failures and retry")
struct RetryCommandTests {
    static let failing = ScriptedProvider(
        pieces: ["Part", "ial"], failure: .serverError(HTTPErrorDetails(provider: "anthropic", status: 500)))
    static let failingEarly = ScriptedProvider(
        pieces: [], failure: .serviceUnavailable(HTTPErrorDetails(provider: "anthropic", status: 503)))
    static let succeeding = ScriptedProvider(
        pieces: ["Whole ", "answer."], completion: ChatCompletion(
            stopReason: "end_turn", model: "claude-sonnet-4-5", usage: TokenUsage(inputTokens: 5, outputTokens: 2)))

    func repository(_ folder: ScratchFolder) throws -> Repository {
        try Repository(directory: folder.at("work/.threadai"))
    }

    func messages(_ repository: Repository, role: Role) throws -> [ObjectID] {
        try repository.objects.allIDs().filter { try repository.objects.header($0).role == role }
    }

    @Test func sendFailureMidStreamKeepsMessageAndPartialThenRetryReplacesIt() async throws {
        let folder = try await repositoryFolder()
        let failed = await runCLI(["send", "Question?"], in: folder, providers: scriptedFactory(Self.failing))
        #expect(failed.status == ExitStatus.providerFailed.rawValue)
        #expect(failed.errors.contains("threadai: retrying in 2.1 s (429 rate limited), retry 1 of 3"))
        #expect(failed.errors.contains("partial reply are stored"))
        let repository = try repository(folder)
        let main = try ThreadName("main")
        let partial = try #require(try repository.singleHead(of: main))
        let partialMessage = try repository.objects.message(partial)
        #expect(partialMessage.finish == "error")
        #expect(partialMessage.content == "Partial")
        #expect(partialMessage.error?.contains("500") == true)

        let retried = await runCLI(["retry"], in: folder, providers: scriptedFactory(Self.succeeding))
        #expect(retried.status == 0, "\(retried.errors)")
        #expect(retried.output == "Whole answer.\n")
        let reply = try #require(try repository.singleHead(of: main))
        let replyMessage = try repository.objects.message(reply)
        #expect(replyMessage.parent == partialMessage.parent)
        #expect(replyMessage.finish == "end_turn")
        #expect(try messages(repository, role: .user).count == 1)
        #expect(repository.objects.contains(partial))
        let log = try repository.refs.reflog(of: main).entries()
        #expect(log.last?.old == partial && log.last?.new == reply)

        let again = await runCLI(["retry"], in: folder, providers: scriptedFactory(Self.succeeding))
        #expect(again.status == 1)
        #expect(again.errors.contains("complete reply"))
    }

    @Test func retryAfterAFailureBeforeAnyTextAnswersTheStoredMessage() async throws {
        let folder = try await repositoryFolder()
        let failed = await runCLI(["send", "Question?"], in: folder, providers: scriptedFactory(Self.failingEarly))
        #expect(failed.status == 5)
        let repository = try repository(folder)
        let main = try ThreadName("main")
        let user = try #require(try repository.singleHead(of: main))
        #expect(try repository.objects.header(user).role == .user)
        #expect(try messages(repository, role: .assistant).isEmpty)

        let failedAgain = await runCLI(["retry"], in: folder, providers: scriptedFactory(Self.failingEarly))
        #expect(failedAgain.status == 5)
        #expect(try repository.singleHead(of: main) == user)

        #expect(await runCLI(["retry"], in: folder, providers: scriptedFactory(Self.succeeding)).status == 0)
        let reply = try #require(try repository.singleHead(of: main))
        #expect(try repository.objects.message(reply).parent == user)
        #expect(try messages(repository, role: .user) == [user])
        let last = try #require(try repository.refs.reflog(of: main).entries().last)
        #expect(last.old == user && last.new == reply)
        #expect(last.message == "retry: reply", "the reflog says a retry answered the question, not a send")
    }

    @Test func retryOnAnEmptyThreadSaysSo() async throws {
        let folder = try await repositoryFolder()
        let result = await runCLI(["retry"], in: folder, providers: scriptedFactory(Self.succeeding))
        #expect(result.status == 1)
        #expect(result.errors.contains("no messages"))
    }

    @Test func missingKeyStoresNothing() async throws {
        let folder = try await repositoryFolder()
        let result = await runCLI(["send", "--provider", "anthropic", "hello"], in: folder)
        #expect(result.status == 5)
        #expect(result.errors.contains("ANTHROPIC_API_KEY"))
        #expect(try repository(folder).objects.allIDs().isEmpty)
    }
}
