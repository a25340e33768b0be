#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore
import ThreadAISupport

/// Entire's checkpoints (entireio/cli, docs/CLI.md `log --for-commit`): a commit's
/// `Entire-Checkpoint: ID` (12 lowercase hexadecimal digits) names the folder `ID[..2]/ID[2...]` of
/// the git branch `entire/checkpoints/v1` (or the remote's, `origin/entire/checkpoints/v1`, as
/// Entire itself falls back to), whose `metadata.json` lists its sessions (`sessions[].metadata`,
/// each a path from the branch's top) and each session's `metadata.json` names the agent's
/// `session_id` and the `agent` ("Claude Code", "Gemini CLI"). Read through the git seam.
public enum EntireCheckpoints {
    /// The branches read, in order.
    public static let branches = ["entire/checkpoints/v1", "origin/entire/checkpoints/v1"]

    /// A session a checkpoint holds.
    public struct Session: Sendable, Equatable {
        /// The session id as the metadata gives it.
        public var id: String
        /// The agent as Entire names it; empty when the metadata does not say.
        public var agent: String
        /// Where on the branch Entire keeps the session's transcript (`full.jsonl`), from the top.
        public var transcript: String?

        public init(id: String, agent: String, transcript: String? = nil) {
            self.id = id
            self.agent = agent
            self.transcript = transcript
        }

        /// The agent's own session id (a Claude Code transcript's `sessionId`): Entire's checkpoints
        /// before February 2026 wrote `YYYY-MM-DD-` before it (what its `ExtractAgentSessionID`
        /// removed), later ones the agent's id alone.
        public var agentSessionID: String {
            let parts = id.split(separator: "-", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, [4, 2, 2] == parts[..<3].map(\.count),
                  parts[..<3].allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }), !parts[3].isEmpty
            else { return id }
            return String(parts[3])
        }

        /// The agent whose transcripts ThreadAI captures, when it is one. Entire's checkpoints
        /// from before it named the agent were all Claude Code's (its fallback name is "Agent").
        public var codingAgent: CodingAgent? {
            switch agent.lowercased() {
            case "claude code", "", "agent": .claudeCode
            case "gemini cli", "gemini": .gemini
            case let name where name.contains("codex"): .codex
            default: nil
            }
        }
    }

    /// The sessions of checkpoint `checkpoint` and the branch that holds it; nil when neither branch
    /// holds it (Entire's branch not fetched, or no such checkpoint).
    /// - Throws: `GitError` when git fails.
    public static func sessions(
        of checkpoint: String, threadaiDirectory: String, git: any GitBackend = GitBackends.standard
    ) throws(GitError) -> (branch: String, sessions: [Session])? {
        guard checkpoint.count == 12, checkpoint.allSatisfy({ $0.isHexDigit }) else { return nil }
        let folder = CodeCommits.folder(threadaiDirectory)
        let shard = String(checkpoint.prefix(2)) + "/" + String(checkpoint.dropFirst(2))
        for branch in branches {
            guard let bytes = try git.file(shard + "/metadata.json", in: branch, around: folder) else { continue }
            let summary = JSONValue.parse(bytes)
            var sessions: [Session] = []
            if case .array(let listed)? = summary?["sessions"] {
                for entry in listed {
                    guard let path = entry["metadata"]?.string else { continue }
                    let relative = String(path.drop { $0 == "/" })
                    guard let metadata = try git.file(relative, in: branch, around: folder).flatMap(JSONValue.parse),
                          var session = self.session(metadata) else { continue }
                    session.transcript = entry["transcript"]?.string.map { String($0.drop { $0 == "/" }) }
                    if !sessions.contains(session) { sessions.append(session) }
                }
            } else if let summary, let session = session(summary) {
                // A checkpoint of one session, its metadata at the folder's top.
                sessions.append(session)
            }
            return (branch, sessions)
        }
        return nil
    }

    /// Whether `branch` has a file at `path` (a session's transcript, which older checkpoints list
    /// without holding). Read whole: asked only when a session was not found, to say how to import it.
    public static func holds(
        _ path: String, on branch: String, threadaiDirectory: String, git: any GitBackend = GitBackends.standard
    ) -> Bool {
        ((try? git.file(path, in: branch, around: CodeCommits.folder(threadaiDirectory))) ?? nil) != nil
    }

    private static func session(_ metadata: JSONValue) -> Session? {
        guard let id = metadata["session_id"]?.string, !id.isEmpty else { return nil }
        return Session(id: id, agent: metadata["agent"]?.string ?? "")
    }
}
