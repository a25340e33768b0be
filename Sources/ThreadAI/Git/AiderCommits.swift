import ThreadAIStore
import ThreadAISupport

/// aider's commits, read back by `log --for-commit` and `blame` (docs/CLI.md): the co-author line aider
/// signs them with, and the message of an imported aider session that reported one. aider names no
/// session in a commit, but right after committing it writes `Commit HASH MESSAGE` (HASH the commit's
/// first 7 hexadecimal digits) among its output in the chat history, which the import keeps as a
/// `source-role: tool-output` message (docs/FORMAT.md §4.6).
public enum AiderCommits {
    /// The address of aider's co-author line, `Co-authored-by: aider (MODEL) <noreply@aider.chat>`.
    static let address = "@aider.chat>"

    /// The model the value of a `Co-authored-by:` line names when aider wrote it: `.some(nil)` when it
    /// names none (`aider <noreply@aider.chat>`), nil when the line is not aider's.
    public static func model(inCoAuthor value: String) -> String?? {
        let lowered = value.lowercased()
        guard lowered.hasPrefix("aider"), lowered.hasSuffix(address) else { return nil }
        let named = value.dropFirst(5).trimmingSpaces()
        guard named.hasPrefix("("), let close = named.firstIndex(of: ")") else { return .some(nil) }
        return .some(String(named[named.index(after: named.startIndex)..<close]))
    }

    /// A message that reported a commit: the thread it is shown under, and the hash aider wrote.
    public struct Report: Sendable {
        public var id: ObjectID
        public var thread: String
        public var hash: String
        /// The commit holds the files' own changes, which aider commits before it applies a reply's
        /// edits (`Committing FILE before applying edits.` on the line before): the reply before
        /// the report did not write it.
        public var beforeEdits: Bool
    }

    /// The imported aider messages that report commit `commit` (its full id), oldest first.
    public static func reports(of commit: String, in repository: Repository) throws(ThreadError) -> [Report] {
        try reports(of: [commit], in: repository)[commit.lowercased()] ?? []
    }

    /// The imported aider messages that report each of `commits` (full ids), by commit (lowercased),
    /// oldest first: found in one pass over the search index (`cache/search`), by the words `Commit`
    /// and a commit's first 7 digits, among the messages of aider's output (their `source` starts
    /// `aider:`), each line `Commit HASH …` whose HASH (7 or more hexadecimal digits) begins the id.
    /// The history names the commit itself, so no signature on the commit is needed: aider marks its
    /// commits with a co-author line, or (before it wrote one, and by default) with ` (aider)` after
    /// the author's and committer's names, which a commit message does not show.
    public static func reports(of commits: [String], in repository: Repository) throws(ThreadError) -> [String: [Report]] {
        let full = Set(commits.map { $0.lowercased() }.filter { $0.count >= 7 && $0.allSatisfy(\.isHexDigit) })
        guard !full.isEmpty, try holdsAiderThreads(repository) else { return [:] }
        let pattern: SearchPattern
        do {
            pattern = try SearchPattern(anyOf: Set(full.map { "Commit " + $0.prefix(7) }).sorted(), ignoringCase: false)
        } catch {
            return [:]
        }
        var hits: [SearchHit] = []
        try repository.search(SearchQuery(pattern: pattern, roles: [.system])) { hits.append($0) }
        var reports: [String: [Report]] = [:]
        for hit in hits {
            // A hit's matching lines are only candidates: its content says what each line follows.
            guard let message = try? repository.objects.message(hit.id), message.fields["source"]?.hasPrefix("aider:") == true,
                  message.fields["source-role"] == AiderHistory.outputRole else { continue }
            var previous: Substring = ""
            for line in message.content.split(separator: "\n", omittingEmptySubsequences: false) {
                defer { previous = line }
                guard let hash = reported(in: String(line)) else { continue }
                let beforeEdits = previous.hasPrefix("Committing ") && previous.hasSuffix(" before applying edits.")
                for commit in full where commit.hasPrefix(hash) && reports[commit]?.contains(where: { $0.id == hit.id }) != true {
                    reports[commit, default: []].append(Report(id: hit.id, thread: hit.thread, hash: hash, beforeEdits: beforeEdits))
                }
            }
        }
        return reports
    }

    /// Whether a thread's name, or a name a thread was renamed from (§5.4), is one the aider import
    /// gives (`aider/…`): without one no aider session was imported, and the search is not made (a
    /// blame in a repository without aider pays nothing for it).
    static func holdsAiderThreads(_ repository: Repository) throws(ThreadError) -> Bool {
        do {
            // The refs are asked without listing them all: a blame at 13,000 threads would pay the parse.
            if try repository.refs.holdsNames(inFolder: "aider") { return true }
            return try repository.renames().renamedAwayNames.contains { $0.hasPrefix("aider/") }
        } catch {
            throw ThreadError(wrapping: error)
        }
    }

    /// The hash of a line `Commit HASH MESSAGE` of aider's output, lowercased; nil for another line.
    static func reported(in line: String) -> String? {
        guard line.hasPrefix("Commit ") else { return nil }
        let hash = line.dropFirst(7).prefix { !$0.isWhitespace }
        guard hash.count >= 7, hash.allSatisfy(\.isHexDigit) else { return nil }
        return hash.lowercased()
    }
}
