#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// A coding agent's session that a code commit names in a trailer (`Claude-Session:`, an Entire
/// checkpoint's metadata), found among the captured and imported conversations, and the message of
/// it that the commit was made at (`log --for-commit`, docs/CLI.md).
public enum AgentSessionCommits {
    /// The captured or imported conversation of `agent`'s session `session` (its transcript's id, the
    /// `CONVERSATION` of `source`, docs/FORMAT.md §4.6); empty when this repository holds none of it.
    public static func conversation(of agent: CodingAgent, session: String, in repository: Repository) throws -> ImportedConversation {
        // The importer's thread names hold `-` and the id's first 8 letters and digits, `0` for none
        // (`Importer.nameEnding`).
        let mark = Importer.namePart(of: session, length: 8)
        return try repository.importedConversation(format: agent.rawValue, conversation: session, nameMark: mark.isEmpty ? "0" : mark)
    }

    /// Where the history of `conversation` is shown from for the commit `commit` (a full id): the
    /// newest message its anchor note puts at that commit or one of its ancestors (a capture at the end
    /// of the turn that made the commit anchors that turn at it; later turns are at later commits),
    /// else the newest message of the conversation (by date; of one second, the first thread's by
    /// name). Nil when the conversation is empty.
    /// - Throws: `GitError` when git cannot say whether an anchor's commit comes before `commit`.
    public static func start(
        of conversation: ImportedConversation, forCommit commit: String, threadaiDirectory: String,
        git: any GitBackend = GitBackends.standard
    ) throws(GitError) -> ImportedConversation.Found? {
        var before: [String: Bool] = [:]
        for (found, anchor) in conversation.noted.reversed() {
            guard let anchored = anchor.commit else { continue }
            if before[anchored] == nil {
                // Nothing reachable from the anchor's commit but not from `commit`: it is `commit` or
                // an ancestor. One git call per distinct commit of the session, newest first.
                let unknown = (try? CodeCommits.resolve(anchored, threadaiDirectory: threadaiDirectory, git: git)) == nil
                before[anchored] = unknown
                    ? false
                    : try CodeCommits.resolve("\(commit)..\(anchored)", threadaiDirectory: threadaiDirectory, git: git).isEmpty
            }
            if before[anchored] == true { return found }
        }
        let all = conversation.newest + conversation.noted.map(\.found)
        return all.max { $0.header.date < $1.header.date }
    }
}
