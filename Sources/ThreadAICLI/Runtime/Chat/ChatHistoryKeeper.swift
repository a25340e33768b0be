import ThreadAI

/// The history ↑ walks in a `chat` session: the lines of `logs/chat-history` (docs/FORMAT.md §14)
/// and those typed since. A history file that cannot be read or written never stops the session: it
/// is said once, and the session goes on with what it has in memory.
final class ChatHistoryKeeper {
    private let file: ChatHistory?
    private let context: CommandContext
    private(set) var entries: [String]
    private var toldFailure = false
    private var toldSecret = false

    /// `THREADAI_CHAT_HISTORY=0` keeps the history of this session in memory only.
    init(repository: Repository, _ context: CommandContext) {
        self.context = context
        file = context.environment["THREADAI_CHAT_HISTORY"] == "0" ? nil : ChatHistory(repository: repository)
        entries = []
        do {
            entries = Array(try file?.entries().suffix(ChatHistory.limit) ?? [])
        } catch {
            tell(error)
        }
    }

    /// Keeps `line` as the file's rules say (not a blank one, one starting with a space, one holding a
    /// credential, or a repeat).
    func record(_ line: String) {
        let verdict = ChatHistory.verdict(on: line, newest: entries.last)
        if verdict == .holdsSecret && !toldSecret {
            toldSecret = true
            context.note("a line that looks like it holds a credential is not kept in the chat history.")
        }
        guard verdict == .kept else { return }
        entries.append(line)
        do {
            try file?.record(line)
        } catch {
            tell(error)
        }
    }

    private func tell(_ error: any Error) {
        guard !toldFailure else { return }
        toldFailure = true
        context.note("the chat history is not kept (\(error)); ↑ recalls this session's lines only.")
    }
}
