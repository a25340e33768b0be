#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ThreadAIStore

/// Brings what a coding agent's transcript gained since the last capture into the repository
/// (docs/FORMAT.md §16, docs/CLI.md `capture`): the same objects, ids, thread names and refs as
/// `threadai import AGENT` of the whole transcript, however often and whenever it is called. What
/// differs between agents (Claude Code, Codex, Gemini CLI) is the `TranscriptParser` chosen first.
///
/// Each capture, under the transcript's record lock (`CaptureRecords`): read the transcript; take
/// its complete lines (a line cut short is left for the next call); stop there when the record says
/// nothing was added; else keep the settled lines (`TranscriptParser.settledEnd`: a reply still
/// being written is held back, unless `settleAll`), parse them with the importer's parser, replace
/// every credential (`[REDACTED:KIND]`) and write them with the importer, which writes no object
/// twice and moves the refs forward by compare-and-swap. A Claude Code transcript whose record says
/// where its stored part ends is read from there only, when what was added just extends it
/// (`SessionCapture+Continue`); any other is parsed whole, which gives the import's ids by construction.
public struct SessionCapture: Sendable {
    public let repository: Repository
    /// How long a capture waits for another capture of the same transcript.
    public var lockTimeout: Duration

    public init(repository: Repository, lockTimeout: Duration = .milliseconds(1500)) {
        self.repository = repository
        self.lockTimeout = lockTimeout
    }

    /// What one capture did.
    public struct Outcome: Sendable, Equatable {
        public var key: String
        /// Nothing was added to the transcript since the last capture.
        public var unchanged = false
        public var newMessages = 0
        public var stored: [ObjectID] = []
        /// Credentials replaced in the stored part of the transcript, in all.
        public var redacted = 0
        /// Bytes of complete lines held back: a reply still being written.
        public var heldBack = 0
        /// Lines left out or repaired, each reported once.
        public var notes: [String] = []
        /// The transcript was rewritten or truncated since its last capture, and read whole.
        public var reread = false
        /// The threads the stored part is on (none when nothing was stored): `capture --local` keeps them local.
        public var threads: [ThreadName] = []
        /// Where reading began when only the lines added since the last capture were read (the record
        /// said where its stored part ends); nil when the transcript was read whole.
        public var readFrom: Int?
    }

    /// Captures the transcript at `path` (absolute), of the session `session` (its file name when nil),
    /// written by `agent` (when nil, the agent its name says: `CodingAgent.of(transcript:)`).
    /// - Parameter settleAll: store every complete line, a reply at the end too (the session ended,
    ///   or a capture by hand); otherwise a reply at the end waits for the next capture.
    /// - Throws: `CaptureError`; the transcript's record then names the failure, except when its
    ///   lock could not be taken in time (`CaptureError.busy`).
    public func capture(
        transcript path: String, session: String? = nil, agent: CodingAgent? = nil, settleAll: Bool
    ) throws(CaptureError) -> Outcome {
        let parser = TranscriptParser(agent ?? .of(transcript: path), path: path)
        let key = CaptureRecords.key(forTranscript: path)
        let records = CaptureRecords(repository: repository)
        var outcome = Outcome(key: key)
        var failure: CaptureError?
        do {
            try records.update(key, timeout: lockTimeout) { (old: CaptureRecord?) -> CaptureRecord? in
                let base = CaptureRecord(session: session ?? old?.session ?? key, transcript: path)
                switch Result(catching: { () throws(CaptureError) in try captured(path, parser: parser, base: base, old: old, settleAll: settleAll, outcome: &outcome) }) {
                case .success(let record): return record
                case .failure(let error):
                    failure = error
                    var failed = old ?? base
                    failed.error = error.reason
                    return failed
                }
            }
        } catch let error as LockError {
            if case .held = error { throw .busy(transcript: path) }
            throw CaptureError(transcript: path, reason: "cannot write its capture record: \(error)")
        } catch {
            throw CaptureError(transcript: path, reason: "\(error)")
        }
        if let failure { throw failure }
        return outcome
    }

    func captured(
        _ path: String, parser: TranscriptParser, base: CaptureRecord, old: CaptureRecord?, settleAll: Bool, outcome: inout Outcome
    ) throws(CaptureError) -> CaptureRecord? {
        // Nothing added since the last capture (and nothing left to settle): stop before reading it whole.
        if let old, old.error == nil, !settleAll || old.settled == old.offset, TranscriptFile.isUnchanged(path, since: old) {
            outcome.unchanged = true
            outcome.redacted = old.redacted
            return nil
        }
        if let old, old.error == nil, let state = old.continuation, parser.continues(state.position),
           let record = try continued(path, from: old, state: state, settleAll: settleAll, outcome: &outcome) {
            return record
        }
        let bytes: [UInt8]
        var status = stat()
        do {
            bytes = try FilePaths.read(path)
        } catch {
            throw CaptureError(transcript: path, reason: error.meansNoFile ? "no such file" : "\(error)")
        }
        guard stat(path, &status) == 0 else { throw CaptureError(transcript: path, reason: "cannot read its status") }
        let inode = UInt64(status.st_ino)
        let complete = Array(bytes.prefix(parser.completeEnd(of: bytes)))
        let fits = old.map { $0.matches(complete, inode: inode) } ?? false
        outcome.reread = old != nil && !fits && !parser.isRewritten
        let end = settleAll ? complete.count : parser.settledEnd(of: complete)
        if let old, fits, old.error == nil, old.offset == complete.count, old.settled == end {
            outcome.unchanged = true
            outcome.redacted = old.redacted
            return nil
        }
        var record = base
        record.offset = complete.count
        record.settled = end
        record.inode = inode
        record.head = CaptureRecord.fingerprint(of: complete, upTo: complete.count)
        outcome.heldBack = complete.count - end
        guard end > 0 else { return record }  // Nothing settled yet: only the record is written.
        var conversation: ImportConversation
        let tip: TranscriptParser.Tip?
        do {
            (conversation, tip) = try parser.parse(Data(complete[..<end]), name: path, later: Data(complete[end...]))
        } catch {
            throw CaptureError(transcript: path, reason: error.reason)
        }
        if !settleAll, !parser.isNamed(conversation) {
            record.settled = 0
            outcome.heldBack = complete.count
            return record
        }
        record.redacted += Self.redact(&conversation.nodes)
        let previousNotes = fits ? (old?.notes ?? 0) : 0
        record.notes = conversation.notes.count
        outcome.notes = Array(conversation.notes.dropFirst(previousNotes))
        outcome.redacted = record.redacted
        var importer = Importer(repository: repository)
        var summary = Importer.Summary()
        do {
            try importer.write(conversation, into: &summary)
        } catch {
            throw CaptureError(transcript: path, reason: "\(error)")
        }
        outcome.newMessages = summary.newMessages
        outcome.stored = summary.stored
        outcome.threads = summary.threads
        outcome.notes += summary.notes.filter { !conversation.notes.contains($0) } + summary.skipped.filter { !$0.contains("(not messages)") }
        record.continuation = tip.flatMap {
            continuation(format: conversation.format, conversation: $0.conversation, tipSource: $0.source, position: $0.position, threads: summary.threads)
        }
        return record
    }

    /// Replaces every credential in the messages' content (`[REDACTED:KIND]`); returns how many.
    static func redact(_ nodes: inout [ImportNode]) -> Int {
        var count = 0
        for index in nodes.indices {
            let found = SecretScanner.findings(in: nodes[index].content).count
            guard found > 0 else { continue }
            count += found
            nodes[index].content = SecretScanner.redacted(nodes[index].content)
        }
        return count
    }

    /// The Claude Code transcripts of the project at `projectFolder` that the agent still keeps
    /// (`CLAUDE/projects/ENCODED/*.jsonl`, and each session's `subagents/*.jsonl`), in name order;
    /// `claudeDirectory` is Claude Code's folder (`$CLAUDE_CONFIG_DIR`, by default `~/.claude`).
    public static func claudeCodeTranscripts(ofProject projectFolder: String, claudeDirectory: String) -> [String] {
        let folder = claudeDirectory + "/projects/" + claudeCodeProjectName(projectFolder)
        let manager = FileManager.default
        let names = ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        var paths: [String] = []
        for name in names where name.hasSuffix(".jsonl") {
            paths.append(folder + "/" + name)
            let subagents = folder + "/" + name.dropLast(6) + "/subagents"
            for agent in ((try? manager.contentsOfDirectory(atPath: subagents)) ?? []).sorted() where agent.hasSuffix(".jsonl") {
                paths.append(subagents + "/" + agent)
            }
        }
        return paths
    }

    /// The name Claude Code gives a project's folder under `~/.claude/projects`: its absolute path
    /// with every character that is not an ASCII letter or digit written `-` (`/home/me/my.app` →
    /// `-home-me-my-app`).
    public static func claudeCodeProjectName(_ path: String) -> String {
        String(path.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
    }
}

/// Why a capture failed; what was stored before stays stored, and the next capture tries again.
public struct CaptureError: Error, CustomStringConvertible, Sendable, Equatable {
    public var transcript: String
    public var reason: String
    /// Another capture of the same transcript held it longer than the wait: it stores what this one would.
    public var isBusy = false

    public init(transcript: String, reason: String) {
        self.transcript = transcript
        self.reason = reason
    }

    static func busy(transcript: String) -> CaptureError {
        var error = CaptureError(transcript: transcript, reason: "another capture of it is running; the next capture takes up what it leaves")
        error.isBusy = true
        return error
    }

    public var description: String { "cannot capture \(transcript): \(reason)" }
}
