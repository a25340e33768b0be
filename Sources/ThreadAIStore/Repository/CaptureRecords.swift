#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How far `threadai capture` has read each agent transcript, in `logs/captures/KEY`
/// (docs/FORMAT.md §16): local state, under `logs/`, which the `.gitignore` of §8 has kept out of
/// git since the first version. Optional: a record that is missing or cannot be read only makes the
/// next capture read its transcript whole, which writes nothing already stored.
public struct CaptureRecord: Sendable, Equatable {
    /// The agent's session id.
    public var session: String
    /// The transcript's absolute path.
    public var transcript: String
    /// The end of the transcript's last complete line when it was last read.
    public var offset: Int
    /// The end of the lines stored: the rest of a reply still being written is held back (§16).
    public var settled: Int
    /// The transcript's inode and the SHA-256 of its first `min(offset, 4096)` bytes: a transcript
    /// rewritten or truncated since no longer matches, and is read whole again.
    public var inode: UInt64
    public var head: String
    /// How many credentials the stored part held, each stored as `[REDACTED:KIND]`.
    public var redacted: Int
    /// How many notes (lines left out or repaired) the stored part gave, so each is logged once.
    public var notes: Int
    /// Why the last capture of this transcript failed; nil when it succeeded.
    public var error: String?
    /// Where the next capture may go on from without reading the transcript whole (§16).
    public var continuation: CaptureContinuation?

    public init(session: String, transcript: String, offset: Int = 0, settled: Int = 0, inode: UInt64 = 0, head: String = "",
                redacted: Int = 0, notes: Int = 0, error: String? = nil) {
        self.session = session
        self.transcript = transcript
        self.offset = offset
        self.settled = settled
        self.inode = inode
        self.head = head
        self.redacted = redacted
        self.notes = notes
        self.error = error
    }

    /// How many leading bytes the fingerprint covers.
    public static let headLength = 4096

    /// The fingerprint of a transcript whose first bytes are `bytes` (at least `min(offset, 4096)`).
    public static func fingerprint(of bytes: some Collection<UInt8>, upTo offset: Int) -> String {
        SHA256.hash(bytes.prefix(min(offset, headLength))).map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        }.joined()
    }

    /// Whether this record still describes the transcript now holding `bytes` at `inode`: the same
    /// file, no shorter, and its first bytes unchanged.
    public func matches(_ bytes: some Collection<UInt8>, inode: UInt64) -> Bool {
        inode == self.inode && bytes.count >= offset && Self.fingerprint(of: bytes, upTo: offset) == head
    }

    var text: String {
        // One `key: value` a line; a value never holds a line feed (the path is escaped as chat history's entries).
        var lines = [
            "session: \(ChatHistory.escaped(session))", "transcript: \(ChatHistory.escaped(transcript))",
            "offset: \(offset)", "settled: \(settled)", "inode: \(inode)", "head: \(head)",
            "redacted: \(redacted)", "notes: \(notes)",
        ]
        if let error { lines.append("error: \(ChatHistory.escaped(error))") }
        if let continuation { lines += continuation.lines }
        return lines.map { $0 + "\n" }.joined()
    }

    init?(text: String) {
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            values[String(line[..<colon])] = ChatHistory.unescaped(String(line[line.index(after: colon)...].dropFirst()))
        }
        guard let session = values["session"], let transcript = values["transcript"],
              let offset = values["offset"].flatMap({ Int($0) }), let settled = values["settled"].flatMap({ Int($0) }),
              let inode = values["inode"].flatMap({ UInt64($0) }), let head = values["head"] else { return nil }
        self.init(session: session, transcript: transcript, offset: offset, settled: settled, inode: inode, head: head,
                  redacted: values["redacted"].flatMap { Int($0) } ?? 0, notes: values["notes"].flatMap { Int($0) } ?? 0,
                  error: values["error"])
        continuation = CaptureContinuation(values)
    }
}

/// Where a transcript's stored part ends, as the importer's parser left it (§16, "Going on from
/// the record"): what the next capture needs to read only the lines added since. Plain data here;
/// the capture that reads and writes it gives it its meaning.
public struct CaptureContinuation: Sendable, Equatable {
    /// The conversation id of the stored messages' `source`.
    public var conversation: String
    /// The thread whose one head is `tipID`.
    public var thread: String
    public var tipID: ObjectID
    /// The source item that names the tip (a line's uuid, a rollout's line number).
    public var tipSource: String
    public var position: Position

    /// What the agent's parser needs besides.
    public enum Position: Sendable, Equatable {
        /// The `message.id` of the reply the tip was made from (nil: no reply), the uuids of the
        /// lines that lead to it, the title line types read, and whether every line is a sidechain's.
        case claudeCode(reply: String?, frontier: [String], titles: [String], sidechain: Bool)
        /// How many lines the stored part holds, and the model and folder in force after it.
        case codex(lines: Int, model: String?, cwd: String?)
        /// A Gemini CLI session of JSON lines: the tip is its newest message, nothing else is needed.
        case gemini
    }

    public init(conversation: String, thread: String, tipID: ObjectID, tipSource: String, position: Position) {
        self.conversation = conversation
        self.thread = thread
        self.tipID = tipID
        self.tipSource = tipSource
        self.position = position
    }

    /// Whether each value can be written on its line and read back the same: words without spaces
    /// or line feeds (a transcript whose ids hold them is read whole each time); a folder is escaped.
    public var isWritable: Bool {
        var words = [conversation, thread, tipSource]
        switch position {
        case .claudeCode(let reply, let frontier, let titles, _): words += (reply.map { [$0] } ?? []) + frontier + titles
        case .codex(_, let model, _): words += model.map { [$0] } ?? []
        case .gemini: break
        }
        return words.allSatisfy { !$0.isEmpty && !$0.contains(where: { $0 == " " || $0 == "\n" || $0 == "\\" }) }
    }

    var lines: [String] {
        var lines = ["conversation: \(conversation)", "thread: \(thread)", "tip: \(tipID.hex) \(tipSource)"]
        switch position {
        case .claudeCode(let reply, let frontier, let titles, let sidechain):
            lines += ["reply: \(reply ?? "")", "frontier: \(frontier.joined(separator: " "))", "titles: \(titles.joined(separator: " "))",
                      "side: \(sidechain ? "sidechain" : "main")"]
        case .codex(let count, let model, let cwd):
            lines += ["lines: \(count)", "model: \(model ?? "")", "cwd: \(ChatHistory.escaped(cwd ?? ""))"]
        case .gemini:
            lines += ["agent: gemini"]
        }
        return lines
    }

    init?(_ values: [String: String]) {
        guard let conversation = values["conversation"], let thread = values["thread"], let tip = values["tip"] else { return nil }
        let tipParts = tip.split(separator: " ", omittingEmptySubsequences: false)
        guard tipParts.count == 2, let tipID = try? ObjectID(hex: String(tipParts[0])), !tipParts[1].isEmpty else { return nil }
        let position: Position
        if let frontier = values["frontier"], let titles = values["titles"], let side = values["side"], side == "main" || side == "sidechain" {
            position = .claudeCode(reply: values["reply"].flatMap { $0.isEmpty ? nil : $0 },
                                   frontier: frontier.split(separator: " ").map(String.init),
                                   titles: titles.split(separator: " ").map(String.init), sidechain: side == "sidechain")
        } else if let count = values["lines"].flatMap({ Int($0) }), count >= 0, let model = values["model"], let cwd = values["cwd"] {
            position = .codex(lines: count, model: model.isEmpty ? nil : model, cwd: cwd.isEmpty ? nil : cwd)
        } else if values["agent"] == "gemini" {
            position = .gemini
        } else {
            return nil
        }
        self.init(conversation: conversation, thread: thread, tipID: tipID, tipSource: String(tipParts[1]), position: position)
    }
}

/// The capture records of one repository, each read and replaced under its lock (§10), so two
/// captures of one transcript at once take turns and neither reads a half-written record.
public struct CaptureRecords: Sendable {
    public let folder: String

    public init(repository: Repository) {
        folder = repository.directory + "/logs/captures"
    }

    /// The record named `key`; nil when there is none or it cannot be read (then it is rewritten).
    public func record(_ key: String) -> CaptureRecord? {
        guard let text = try? FilePaths.readText(folder + "/" + key) else { return nil }
        return CaptureRecord(text: text)
    }

    /// Every record, by key, in key order.
    public func all() -> [(key: String, record: CaptureRecord)] {
        let names = ((try? FilePaths.entries(of: folder)) ?? []).map(\.name)
            .filter { !$0.hasSuffix(".lock") && !$0.hasPrefix(".") }.sorted()
        return names.compactMap { name in record(name).map { (name, $0) } }
    }

    /// Runs `body` with the record named `key` while holding its lock, waiting at most `timeout` for
    /// another capture of the same transcript; writes the record `body` returns (none: unchanged).
    /// - Throws: `LockError.held` when the wait ran out; what `body` throws, with the record unchanged.
    public func update<Failure: Error>(
        _ key: String, timeout: Duration, _ body: (CaptureRecord?) throws(Failure) -> CaptureRecord?
    ) throws -> Void {
        do {
            try FilePaths.makeDirectories(folder)
        } catch {
            throw LockError.fileSystem(error)
        }
        let lock = try LockFile.acquire(for: folder + "/" + key, timeout: timeout)
        guard let new = try body(record(key)) else { return }
        try lock.commit(Array(new.text.utf8))
    }

    /// The name a record of `transcript` takes: its file's name without `.jsonl`, and for a
    /// subagent's (`SESSION/subagents/agent-ID.jsonl`) the session's before it, in letters, digits,
    /// `.`, `_` and `-` only (anything else `_`), at most 120 characters.
    public static func key(forTranscript transcript: String) -> String {
        let parts = transcript.split(separator: "/")
        var name = String(parts.last ?? "transcript")
        if name.hasSuffix(".jsonl") { name.removeLast(6) }
        if parts.count >= 3, parts[parts.count - 2] == "subagents" { name = parts[parts.count - 3] + "-" + name }
        return SafeFileName.of(name)
    }
}
