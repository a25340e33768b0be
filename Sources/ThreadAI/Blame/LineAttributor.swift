#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// Gives each line git blamed the message behind it (docs/CLI.md, `blame`): first from what messages
/// wrote to the file (§4.9), then from the conversations the commits' `Thread:` trailers name, and the
/// imported aider sessions that reported the commits. A line
/// with a strong key needs one piece of evidence; a weak one (`CodeBlame.weakWeight`) is taken only
/// when the nearest strong line above or below, of the same commit, went to the same message.
struct LineAttributor {
    let blamed: GitBlameLines
    private let keys: [LineKey?]
    private var attributions: [BlameAttribution?]
    /// For each line, the messages whose evidence holds it, with the strongest evidence each has.
    private var candidates: [[ObjectID: BlameEvidence]]
    private let evidence: [WrittenEntry]
    private let paths: Set<String>

    /// Whether a message's object is stored: evidence may outlive a message that left the store
    /// (FORMAT §12.5: a reader leaves such an entry out).
    private let isStored: (ObjectID) -> Bool

    init(lines blamed: GitBlameLines, path: String, evidence: [WrittenEntry], isStored: @escaping (ObjectID) -> Bool = { _ in true }) {
        self.isStored = isStored
        self.blamed = blamed
        keys = blamed.lines.map { LineKey(line: $0.text.utf8) }
        attributions = Array(repeating: nil, count: blamed.lines.count)
        candidates = Array(repeating: [:], count: blamed.lines.count)
        // The file's path now and in the commits that wrote its lines (a renamed file keeps its evidence).
        paths = Set([path] + blamed.commits.values.compactMap(\.path))
        self.evidence = evidence
    }

    /// Every message an attribution names.
    var messages: Set<ObjectID> { Set(attributions.compactMap { $0?.message }) }

    func result() -> [BlamedLine] {
        blamed.lines.indices.map { index in
            let line = blamed.lines[index]
            return BlamedLine(number: line.final, originalNumber: line.original, text: line.text, commit: line.commit,
                              attribution: attributions[index])
        }
    }

    /// Whether written lines of `written` may be lines of a file at `path`: the same path, or one ends
    /// with `/` and the other (an agent's absolute path on its machine, a path from a folder below the top).
    static func pathsMatch(_ written: String, _ path: String) -> Bool {
        written == path || written.hasSuffix("/" + path) || path.hasSuffix("/" + written)
    }

    private func committed(_ index: Int) -> Int64 { blamed.commits[blamed.lines[index].commit]?.committed ?? .max }

    // MARK: what messages wrote

    mutating func attributeWritten() {
        let relevant = evidence.filter { entry in
            entry.lines.kind != .anchored && paths.contains { Self.pathsMatch(entry.lines.path, $0) } && isStored(entry.id)
        }
        let keySets = relevant.map { Set($0.lines.keys) }
        for index in blamed.lines.indices {
            guard let key = keys[index] else { continue }
            let limit = committed(index)
            var best: WrittenEntry?
            for (number, entry) in relevant.enumerated() where entry.seconds <= limit && keySets[number].contains(key.hash) {
                let evidence = BlameEvidence(entry.lines.kind)
                if let known = candidates[index][entry.id], known <= evidence {} else { candidates[index][entry.id] = evidence }
                if best.map({ Self.precedes(entry, $0) }) ?? true { best = entry }
            }
            if let best, key.weight >= CodeBlame.weakWeight {
                attributions[index] = BlameAttribution(message: best.id, evidence: BlameEvidence(best.lines.kind))
            }
        }
        attributeWeakLines()
    }

    /// Stronger evidence first, then the newer message, then the smaller id (so the choice never
    /// depends on the order evidence was found in).
    private static func precedes(_ a: WrittenEntry, _ b: WrittenEntry) -> Bool {
        if a.lines.kind != b.lines.kind { return a.lines.kind < b.lines.kind }
        if a.seconds != b.seconds { return a.seconds > b.seconds }
        return a.id < b.id
    }

    /// Weak lines, each as the nearest strong line above or below of its commit, when that line's
    /// message is among its candidates.
    private mutating func attributeWeakLines() {
        for index in blamed.lines.indices where attributions[index] == nil && !candidates[index].isEmpty {
            guard let key = keys[index], key.weight < CodeBlame.weakWeight else { continue }
            for neighbour in [strongNeighbour(of: index, step: -1), strongNeighbour(of: index, step: 1)] {
                guard let neighbour, let taken = attributions[neighbour],
                      let evidence = candidates[index][taken.message] else { continue }
                attributions[index] = BlameAttribution(message: taken.message, evidence: evidence)
                break
            }
        }
    }

    /// The nearest line of the same commit in direction `step` whose key is strong, skipping weak and blank ones.
    private func strongNeighbour(of index: Int, step: Int) -> Int? {
        var current = index + step
        while blamed.lines.indices.contains(current) {
            guard blamed.lines[current].commit == blamed.lines[index].commit else { return nil }
            if let key = keys[current], key.weight >= CodeBlame.weakWeight { return current }
            current += step
        }
        return nil
    }

    // MARK: what the commits say

    /// The lines still without a message, from their commits: a message of the history the commit's
    /// `Thread:` trailers name that holds the line (the newest not after the commit); then a reply
    /// written while the code stood at a parent of the commit whose code block holds it.
    mutating func attributeCommits(repository: Repository, git: any GitBackend, top: String) throws(BlameError) {
        let open = blamed.lines.indices.filter { attributions[$0] == nil && keys[$0] != nil && !GitBlameLines.isUncommitted(blamed.lines[$0].commit) }
        let commits = Set(open.map { blamed.lines[$0].commit })
        guard !commits.isEmpty else { return }
        let details: [String: (parents: [String], message: String)]
        do {
            details = try git.details(of: commits.sorted(), around: URL(fileURLWithPath: top))
        } catch {
            throw .git(error)
        }
        var histories: [ObjectID: ConversationLines] = [:]
        let named = try Self.histories(namedBy: details, in: repository)
        for index in open {
            for (head, dated) in named[blamed.lines[index].commit] ?? [] {
                if histories[head] == nil { histories[head] = try ConversationLines(from: head, in: repository) }
                let holder = histories[head]?.newest(holding: keys[index]?.hash ?? 0, notAfter: dated ? committed(index) : .max)
                if take(index, holder, as: .trailer) { break }
            }
        }
        // Replies by the commit they were written at, each once, as evidence of that commit's children.
        var anchored: [String: [WrittenEntry]] = [:]
        for entry in evidence where entry.lines.kind == .anchored && isStored(entry.id) { anchored[entry.lines.path, default: []].append(entry) }
        if !anchored.isEmpty {
            for index in open where attributions[index] == nil {
                guard let hash = keys[index]?.hash else { continue }
                let parents = details[blamed.lines[index].commit]?.parents ?? []
                let holding = parents.flatMap { anchored[$0] ?? [] }.filter { $0.seconds <= committed(index) && $0.lines.keys.contains(hash) }
                let newest = holding.max { ($0.seconds, $1.id) < ($1.seconds, $0.id) }
                _ = take(index, newest?.id, as: .anchor)
            }
        }
        attributeWeakLines()
    }

    /// The heads of the histories each commit of `details` names, in order: each `Thread:` trailer's
    /// message (a trailer naming a message this clone lacks, a local thread not pulled yet, is no
    /// evidence), then the imported aider messages that reported the commit (`AiderCommits`, one pass
    /// for every commit; for a commit of the files' own changes made before a reply's edits, the
    /// message before that reply). An aider session's history ends where aider made the commit, and its dates
    /// are aider's local time without a zone, so they are not compared with the commit's (`dated` false).
    private static func histories(
        namedBy details: [String: (parents: [String], message: String)], in repository: Repository
    ) throws(BlameError) -> [String: [(head: ObjectID, dated: Bool)]] {
        var heads: [String: [(head: ObjectID, dated: Bool)]] = [:]
        for (commit, detail) in details {
            heads[commit] = ThreadTrailer.parse(commitMessage: detail.message).compactMap { trailer in
                (try? repository.resolve(trailer.id)).map { (head: $0, dated: true) }
            }
        }
        let reports: [String: [AiderCommits.Report]]
        do {
            reports = try AiderCommits.reports(of: Array(details.keys), in: repository)
        } catch {
            throw .store(error)
        }
        for (commit, found) in reports {
            for report in found {
                guard let head = report.beforeEdits ? try beforeReply(report.id, in: repository) : report.id else { continue }
                heads[commit, default: []].append((head: head, dated: false))
            }
        }
        return heads
    }

    /// The message before the reply that `id` (aider's output) follows: where the history of a
    /// commit aider made before applying that reply's edits ends; nil when no reply comes before.
    private static func beforeReply(_ id: ObjectID, in repository: Repository) throws(BlameError) -> ObjectID? {
        var next: ObjectID? = id
        while let current = next {
            let header: MessageHeader
            do {
                header = try repository.objects.header(current)
            } catch {
                throw .store(.object(error))
            }
            if header.role == .assistant { return header.parent }
            next = header.parent
        }
        return nil
    }

    /// Records `message` as a candidate of line `index`, and as its message when its key is strong.
    private mutating func take(_ index: Int, _ message: ObjectID?, as evidence: BlameEvidence) -> Bool {
        guard let message, let key = keys[index] else { return false }
        candidates[index][message] = evidence
        if key.weight >= CodeBlame.weakWeight { attributions[index] = BlameAttribution(message: message, evidence: evidence) }
        return true
    }
}

/// The line keys of every message of one history, to find which message holds a line.
struct ConversationLines {
    /// For each key, the messages holding it, newest first, with their dates.
    private var holders: [UInt64: [(id: ObjectID, seconds: Int64)]] = [:]

    init(from head: ObjectID, in repository: Repository) throws(BlameError) {
        var next: ObjectID? = head
        while let id = next {
            let message: Message
            do {
                message = try repository.objects.message(id)
            } catch {
                throw .store(.object(error))
            }
            for key in Set(LineKey.keys(of: message.content[...]).map(\.hash)) {
                holders[key, default: []].append((id, message.date.secondsSinceEpoch))
            }
            next = message.parent
        }
    }

    func newest(holding key: UInt64, notAfter seconds: Int64) -> ObjectID? {
        holders[key]?.first { $0.seconds <= seconds }?.id
    }
}
