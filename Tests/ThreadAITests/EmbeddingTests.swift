import Foundation
import Testing
import ThreadAI
import ThreadAITestSupport

/// What an app that links only the ThreadAI library gets: a send with the offline model from a
/// folder URL, and errors that say what to do without naming a command-line program it lacks.
@Suite struct EmbeddingTests {
    @Test func aSendWithTheOfflineModelFromAFolderURL() async throws {
        let folder = try ScratchFolder()
        let repository = try Repository.initialize(in: URL(fileURLWithPath: folder.path)).repository
        #expect(try Repository.discover(from: URL(fileURLWithPath: folder.at("some/folder"))).directory == repository.directory)
        let conversation = Conversation(repository: repository)
        let prepared = try await conversation.prepare(text: "hello", on: .main, system: nil, budget: nil)
        let outcome = await conversation.reply(to: prepared, provider: OfflineProvider(), model: OfflineProvider.modelName) { _ in }
        let reply = try #require(outcome.replyID)
        #expect(try repository.objects.message(reply).role == .assistant)
        #expect(try repository.singleHead(of: .main) == reply)
    }

    @Test func errorsSuggestRemediesInThePlainWordingNeverAThreadaiCommand() async throws {
        let folder = try ScratchFolder()
        let notFound = try #require(throws: RepositoryError.self) { try Repository.discover(from: URL(fileURLWithPath: folder.path)) }
        let repository = try Repository.initialize(in: URL(fileURLWithPath: folder.path)).repository
        let noThread = try #require(throws: RevisionError.self) { try repository.resolve("nothing-here") }
        let lock = folder.at(".threadai/refs/threads/main.lock")
        try Data().write(to: URL(fileURLWithPath: lock))
        let holder = open(lock, O_RDWR)
        #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
        defer { close(holder) }
        let held = await #expect(throws: ThreadError.self) {
            _ = try await Conversation(repository: repository).prepare(text: "hi", on: .main, system: nil, budget: nil)
        }
        let errors: [any Error] = [notFound, noThread] + (held.map { [$0] } ?? [])
        for error in errors {
            let text = String(describing: error)
            // The folders, the scratch one and `.threadai`, are no command.
            #expect(!text.replacing(folder.path, with: "").replacing(".threadai", with: "").contains("threadai"), "\(text)")
            #expect(!Remedy.suggested(by: error).isEmpty, "\(text)")
        }
        #expect(Remedy.suggested(by: notFound) == [Remedy(.initialize), Remedy(.chooseRepository)])
        #expect(String(describing: notFound).contains("'create a repository'"), "\(notFound)")
    }

    /// The choices an error suggests (another repository, a model, the file key store, redaction) are
    /// remedies too: the CLI words them as its options and environment variables, an app as its own.
    @Test func choicesAreRemediesNotTheCommandLinesOptions() throws {
        let errors: [any Error] = [
            RepositoryError.notFound(searchedFrom: "/somewhere"), RepositoryError.notARepository("/somewhere"),
            ConfigurationError.missingModel(provider: .anthropic), ConfigurationError.noRepository("No repository."),
            KeyStoreError.keychain(operation: "read the key", status: -25300),
            SecretsFound(item: "your message", findings: SecretScanner.findings(in: "key sk-ant-api03-" + String(repeating: "a", count: 95))),
            ProviderError.payloadTooLarge(HTTPErrorDetails(provider: "anthropic", status: 413)),
        ]
        for error in errors {
            let text = String(describing: error)
            #expect(!text.contains("--") && !text.contains("THREADAI_") && !text.contains("-m "), "\(text)")
            #expect(!Remedy.suggested(by: error).isEmpty, "\(text)")
        }
    }

    @Test(arguments: Remedy.Action.allCases)
    func everyActionHasPlainWordsWithoutTheProgram(_ action: Remedy.Action) {
        let words = RemedyWording.plain.words(Remedy(action, "x"))
        #expect(!words.contains("threadai") && words.hasSuffix(" x") && words.count > 2, "\(words)")
    }
}
