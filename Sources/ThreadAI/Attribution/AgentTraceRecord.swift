import ThreadAIStore

/// The Agent Trace 0.1.0 record of one commit (the open schema for AI code attribution,
/// github.com/cursor/agent-trace): which lines of which files which ThreadAI messages wrote.
///
/// Everything in it comes from its inputs, never from the clock or chance, so one commit and one
/// attribution always give the same bytes:
/// - `timestamp` is the commit's committer date (UTC, `YYYY-MM-DDTHH:MM:SSZ`);
/// - `id` is a name-based UUID (`NameBasedUUID`) of the record's own content without it;
/// - files are in path order (UTF-8 bytes), a file's conversations in the order of their first
///   lines, ranges in line order, each message's adjacent lines one range (`AttributedRange.merged`);
/// - the text is `JSONText.pretty`, keys sorted: as the CLI's `--json` output is written.
///
/// One conversation is one message: its `url` is `threadai://message/ID`, its contributor `ai` with
/// the message's model (`AgentTraceModelID`), its `related` the thread (`type` `thread`). The agent a
/// message was captured from has no place in the schema's conversation, so it goes in `metadata`:
/// `{"threadai": {"agents": {ID: AGENT}}}`, present only when some message has one.
public struct AgentTraceRecord: Sendable, Equatable {
    /// The version of the specification the records follow.
    public static let specificationVersion = "0.1.0"
    /// The record's media type, as the specification registers it.
    public static let mediaType = "application/vnd.agent-trace.record+json"
    /// What the record's UUID is named under, so that no other kind of ThreadAI name shares its UUIDs.
    static let idNamespace = "threadai agent-trace record"

    /// The record's `id`, a UUID.
    public let id: String
    /// The record as JSON text, ending with a line feed.
    public let bytes: [UInt8]

    /// The record of `commit`.
    /// - Parameters:
    ///   - commit: the commit's full id (40 or 64 lowercase hexadecimal digits).
    ///   - committerDate: the commit's committer date.
    ///   - toolVersion: ThreadAI's version, the record's `tool.version`.
    ///   - attribution: the lines the commit added or changed that ThreadAI messages wrote, in any
    ///     order and pieces.
    /// - Throws: `AgentTraceError` for a revision that is not a commit id, a path that is not
    ///   relative, a line below 1, or a line two messages claim.
    public init(commit: String, committerDate: Timestamp, toolVersion: String, attribution: [AttributedRange]) throws(AgentTraceError) {
        guard [40, 64].contains(commit.utf8.count), commit.utf8.allSatisfy(Self.isLowercaseHexDigit) else {
            throw .invalidRevision(commit)
        }
        if let bad = attribution.first(where: { !Self.isRelativePath($0.path) }) {
            throw .invalidPath(bad.path)
        }
        let ranges = try AttributedRange.merged(attribution)
        var members: [String: JSONReader.Value] = [
            "version": .string(Self.specificationVersion),
            "timestamp": .string(committerDate.rfc3339),
            "vcs": .object(["type": .string("git"), "revision": .string(commit)]),
            "tool": .object(["name": .string("threadai"), "version": .string(toolVersion)]),
            "files": .array(Self.files(ranges)),
        ]
        let agents = Self.agents(ranges)
        if !agents.isEmpty {
            members["metadata"] = .object(["threadai": .object(["agents": .object(agents)])])
        }
        id = NameBasedUUID.text(namespace: Self.idNamespace, name: Array(JSONText.compact(.object(members)).utf8))
        members["id"] = .string(id)
        bytes = JSONText.pretty(.object(members)) + [UInt8(ascii: "\n")]
    }

    /// The record's bytes: `init` for a caller that only writes them.
    public static func bytes(commit: String, committerDate: Timestamp, toolVersion: String, attribution: [AttributedRange]) throws(AgentTraceError) -> [UInt8] {
        try AgentTraceRecord(commit: commit, committerDate: committerDate, toolVersion: toolVersion, attribution: attribution).bytes
    }

    public static func == (lhs: AgentTraceRecord, rhs: AgentTraceRecord) -> Bool {
        lhs.bytes == rhs.bytes
    }

    /// One entry per file, from ranges sorted by path then line.
    private static func files(_ ranges: [AttributedRange]) -> [JSONReader.Value] {
        var files: [JSONReader.Value] = []
        var start = ranges.startIndex
        while start < ranges.endIndex {
            let path = ranges[start].path
            let end = ranges[start...].firstIndex { $0.path != path } ?? ranges.endIndex
            files.append(.object(["path": .string(path), "conversations": .array(conversations(ranges[start..<end]))]))
            start = end
        }
        return files
    }

    /// One conversation per message, in the order of their first lines in the file.
    private static func conversations(_ file: ArraySlice<AttributedRange>) -> [JSONReader.Value] {
        var order: [ObjectID] = []
        var byMessage: [ObjectID: [AttributedRange]] = [:]
        for range in file {
            if byMessage[range.message] == nil { order.append(range.message) }
            byMessage[range.message, default: []].append(range)
        }
        return order.compactMap { message in
            guard let ranges = byMessage[message], let first = ranges.first else { return nil }
            var contributor: [String: JSONReader.Value] = ["type": .string("ai")]
            if let model = AgentTraceModelID.of(storedModel: first.model) { contributor["model_id"] = .string(model) }
            return .object([
                "url": .string(MessageURI.message(message)),
                "contributor": .object(contributor),
                "ranges": .array(ranges.map { .object(["start_line": number($0.lines.lowerBound), "end_line": number($0.lines.upperBound)]) }),
                "related": .array([.object(["type": .string("thread"), "url": .string(MessageURI.thread(first.thread))])]),
            ])
        }
    }

    /// Each message's agent, by the message's id.
    private static func agents(_ ranges: [AttributedRange]) -> [String: JSONReader.Value] {
        var agents: [String: JSONReader.Value] = [:]
        for range in ranges {
            if let agent = range.agent, !agent.isEmpty, agents[range.message.hex] == nil { agents[range.message.hex] = .string(agent) }
        }
        return agents
    }

    private static func number(_ value: Int) -> JSONReader.Value {
        .number(String(value))
    }

    private static func isLowercaseHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    /// A path as git names a tracked file: not empty, not absolute, no empty, `.` or `..` part.
    private static func isRelativePath(_ path: String) -> Bool {
        !path.isEmpty && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !["", ".", ".."].contains($0) }
    }
}
