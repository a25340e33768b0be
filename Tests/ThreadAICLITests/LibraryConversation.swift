import ThreadAI

/// A repository in a scratch folder and a `Conversation` on it, for the tests of the library API an
/// app embeds (no CLI).
struct LibraryConversation {
    let main: ThreadName
    let folder: ScratchFolder
    let repository: Repository
    let conversation: Conversation

    init() async throws {
        main = try ThreadName("main")
        folder = try await repositoryFolder()
        repository = try Repository(directory: folder.at("work/.threadai"))
        conversation = Conversation(repository: repository)
    }
}
