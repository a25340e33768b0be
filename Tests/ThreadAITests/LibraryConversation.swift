import Foundation
import ThreadAI
import ThreadAITestSupport

/// A repository in a scratch folder and a `Conversation` on it, for the tests of the library API an
/// app embeds (no CLI).
struct LibraryConversation {
    let main: ThreadName
    let folder: ScratchFolder
    let repository: Repository
    let conversation: Conversation

    init() async throws {
        main = try ThreadName("main")
        folder = try ScratchFolder()
        repository = try Repository.initialize(in: URL(fileURLWithPath: folder.at("work"))).repository
        conversation = Conversation(repository: repository)
    }
}
