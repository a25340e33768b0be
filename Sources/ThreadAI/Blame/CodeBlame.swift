#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// Which evidence named a line's message (docs/FORMAT.md §4.9, docs/CLI.md `blame`), strongest first.
public enum BlameEvidence: String, Sendable, Comparable, CaseIterable {
    /// An agent's edit or write tool call wrote the line.
    case tool
    /// A reply's code block held it, answering a question that attached the file.
    case reply
    /// A question attached the file holding it.
    case attached
    /// The commit's `Thread:` trailer names a conversation whose history holds it.
    case trailer
    /// A reply's code block held it, written while the code stood at a parent of the line's commit.
    case anchor

    init(_ kind: WrittenKind) {
        switch kind {
        case .tool: self = .tool
        case .reply: self = .reply
        case .attached: self = .attached
        case .anchored: self = .anchor
        }
    }

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
    public static func < (a: BlameEvidence, b: BlameEvidence) -> Bool { a.rank < b.rank }
}

/// The message behind a line, and how it was found.
public struct BlameAttribution: Sendable, Equatable {
    public let message: ObjectID
    public let evidence: BlameEvidence
}

/// One line of the file, as git attributes it to a commit and ThreadAI to a message.
public struct BlamedLine: Sendable {
    /// Its number in the file blamed, and in the commit that wrote it.
    public let number: Int
    public let originalNumber: Int
    public let text: String
    /// 40 or 64 hex digits; all zeros for a line not committed yet.
    public let commit: String
    public let attribution: BlameAttribution?

    public var isCommitted: Bool { !GitBlameLines.isUncommitted(commit) }
}

/// A message some line is attributed to: where it is, and the question it answered.
public struct BlamedMessage: Sendable {
    public let id: ObjectID
    /// The `thread` it was written on.
    public let thread: String
    public let role: Role
    public let date: Timestamp
    public let model: String?
    /// The agent or tool it was captured or imported from (the `source` value's format: `claude-code`, …).
    public let agent: String?
    /// The nearest user message at or above it that a person typed (not hidden, not a tool's result).
    public let question: ObjectID?
    /// That question's first line.
    public let questionHeadline: String?
}

/// `threadai blame` (docs/CLI.md): git's blame of a file, each line then given the message behind
/// it from the evidence of docs/FORMAT.md §4.9, strongest first, and the commit's `Thread:` trailer;
/// never from dates alone. Dates only rule out: a message never wrote a line committed before it.
public struct CodeBlame: Sendable {
    /// The file's path from the top of the work tree.
    public let path: String
    public let lines: [BlamedLine]
    public let messages: [ObjectID: BlamedMessage]

    /// A line whose key has fewer letters and digits (`}`, `end`, `pass`, `x += 1`) is written by many
    /// messages: it is attributed only as the nearest lines around it are.
    static let weakWeight = 6

    /// Blames `file` (a path from `currentDirectory`, or absolute) at `revision` (the work tree's file
    /// when nil), only `range` when given.
    public static func blame(
        _ file: String, revision: String?, range: ClosedRange<Int>?, currentDirectory: String,
        in repository: Repository, git: any GitBackend = GitBackends.standard
    ) throws(BlameError) -> CodeBlame {
        let (top, path) = try BlameError.locate(file, currentDirectory: currentDirectory, repository: repository, git: git)
        var evidence: [WrittenEntry]?
        return try blame(path, top: top, revision: revision, range: range, evidence: &evidence, in: repository, git: git)
    }

    /// The evidence of every message (`Repository.writtenEvidence`), read once for any number of files.
    static func evidence(in repository: Repository) throws(BlameError) -> [WrittenEntry] {
        do {
            return try repository.writtenEvidence()
        } catch {
            throw .store(error)
        }
    }

    /// Blames `path`, a path from `top`, the top of the work tree. The evidence is read once git has
    /// blamed the file (a wrong revision or path writes no cache), and kept in `evidence` for the next file.
    static func blame(
        _ path: String, top: String, revision: String?, range: ClosedRange<Int>?, evidence: inout [WrittenEntry]?,
        in repository: Repository, git: any GitBackend
    ) throws(BlameError) -> CodeBlame {
        let output: String?
        do {
            output = try git.blame(path, revision: revision, lines: range, around: URL(fileURLWithPath: top))
        } catch {
            throw .git(error)
        }
        guard let output else { throw .noWorkTree(git.whyNoRepository(top)) }
        let entries: [WrittenEntry]
        if let evidence {
            entries = evidence
        } else {
            entries = try Self.evidence(in: repository)
            evidence = entries
        }
        let objects = repository.objects
        var attributor = LineAttributor(lines: GitBlameLines(porcelain: output), path: path, evidence: entries, isStored: objects.contains)
        attributor.attributeWritten()
        try attributor.attributeCommits(repository: repository, git: git, top: top)
        return CodeBlame(path: path, lines: attributor.result(), messages: try describe(attributor.messages, in: repository))
    }

    /// What the lines' messages are, each read once from its object.
    private static func describe(_ ids: Set<ObjectID>, in repository: Repository) throws(BlameError) -> [ObjectID: BlamedMessage] {
        var described: [ObjectID: BlamedMessage] = [:]
        for id in ids {
            do {
                let message = try repository.objects.message(id)
                let question = try Self.question(above: id, message, repository)
                described[id] = BlamedMessage(
                    id: id, thread: message.thread.rawValue, role: message.role, date: message.date, model: message.model,
                    agent: message.fields["source"].flatMap { $0.split(separator: ":", maxSplits: 1).first.map(String.init) },
                    question: question?.id, questionHeadline: question.map { Headline(of: $0.message.content, limit: 100).text })
            } catch {
                throw .store(.object(error))
            }
        }
        return described
    }

    /// The nearest user message at or above `id` that a person typed.
    private static func question(above id: ObjectID, _ message: Message, _ repository: Repository) throws(ObjectError) -> (id: ObjectID, message: Message)? {
        var (current, currentID) = (message, id)
        for _ in 0..<10_000 {
            if current.role == .user, current.fields["hidden"] != "true", current.fields["source-role"] == nil {
                return (currentID, current)
            }
            guard let parent = current.parent else { return nil }
            (current, currentID) = (try repository.objects.message(parent), parent)
        }
        return nil
    }
}
