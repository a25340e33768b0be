import ThreadAIStore

/// An Agent Trace record read back, whichever tool wrote it: its identity and every range it
/// attributes, one `TracedRange` each, in the record's order.
public struct AgentTraceReading: Sendable, Equatable {
    public var version: String
    public var id: String
    public var timestamp: String
    /// `vcs.type` and `vcs.revision`, when the record names them.
    public var vcs: (type: String, revision: String)?
    /// `tool.name`, when the record names it.
    public var toolName: String?
    public var ranges: [TracedRange]

    public static func == (lhs: AgentTraceReading, rhs: AgentTraceReading) -> Bool {
        lhs.version == rhs.version && lhs.id == rhs.id && lhs.timestamp == rhs.timestamp && lhs.vcs?.type == rhs.vcs?.type
            && lhs.vcs?.revision == rhs.vcs?.revision && lhs.toolName == rhs.toolName && lhs.ranges == rhs.ranges
    }
}

/// One range of a trace record: which lines of which file, who wrote them, and the conversation.
public struct TracedRange: Sendable, Hashable {
    /// The schema's contributor types.
    public enum Contributor: String, Sendable, CaseIterable {
        case human, ai, mixed, unknown
    }

    public var path: String
    public var lines: ClosedRange<Int>
    /// The range's own contributor, else its conversation's; `unknown` when neither says.
    public var contributor: Contributor
    public var modelID: String?
    /// The conversation's URL, as written.
    public var url: String?
    /// The ThreadAI message the URL names (`threadai://message/ID`), nil for any other URL.
    public var message: ObjectID?
    public var contentHash: String?
}

extension AgentTraceRecord {
    /// Reads an Agent Trace record, checking it as the 0.x schema requires: an object with
    /// `version`, `id`, `timestamp` and `files`; each file a `path` and `conversations`; each
    /// conversation its `ranges`; each range a `start_line` and an `end_line` of 1 or more, the end
    /// not before the start. Members the schema leaves open (`metadata`, `related`) are not read.
    /// - Throws: `AgentTraceError.invalidRecord` naming the first place that is not as required
    ///   (not JSON; another major version).
    public static func read(_ bytes: [UInt8]) throws(AgentTraceError) -> AgentTraceReading {
        var reader = JSONReader(bytes: bytes)
        let value: JSONReader.Value
        do {
            value = try reader.readValue()
            try reader.end()
        } catch {
            throw .invalidRecord(location: "the text", expected: "one JSON document (\(error))")
        }
        return try reading(RecordField(value: value, location: "the record"))
    }

    private static func reading(_ record: RecordField) throws(AgentTraceError) -> AgentTraceReading {
        let version = try record.member("version").string()
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }), parts[0] == "0" else {
            throw .invalidRecord(location: "version", expected: "a 0.x.y version (Agent Trace \(specificationVersion) is read)")
        }
        var reading = AgentTraceReading(
            version: version, id: try record.member("id").string(), timestamp: try record.member("timestamp").string(),
            vcs: nil, toolName: try record.optionalMember("tool")?.optionalMember("name")?.string(), ranges: [])
        if let vcs = try record.optionalMember("vcs") {
            reading.vcs = (try vcs.member("type").string(), try vcs.member("revision").string())
        }
        for file in try record.member("files").elements() {
            let path = try file.member("path").string()
            for conversation in try file.member("conversations").elements() {
                let url = try conversation.optionalMember("url")?.string()
                let byConversation = try conversation.optionalMember("contributor")
                for range in try conversation.member("ranges").elements() {
                    let start = try range.member("start_line").line()
                    let endField = try range.member("end_line")
                    let end = try endField.line()
                    guard end >= start else { throw .invalidRecord(location: endField.location, expected: "a line at or after start_line") }
                    let contributor = try range.optionalMember("contributor") ?? byConversation
                    reading.ranges.append(TracedRange(
                        path: path, lines: start...end, contributor: try contributor?.member("type").contributorType() ?? .unknown,
                        modelID: try contributor?.optionalMember("model_id")?.string(), url: url,
                        message: url.flatMap(messageID(in:)), contentHash: try range.optionalMember("content_hash")?.string()))
                }
            }
        }
        return reading
    }

    /// The message a `threadai://message/ID` URL names.
    private static func messageID(in url: String) -> ObjectID? {
        guard url.hasPrefix(MessageURI.messagePrefix) else { return nil }
        return try? ObjectID(hex: String(url.dropFirst(MessageURI.messagePrefix.count)))
    }
}

/// A value of the record with where it is (`files[0].path`), for errors that name the place.
private struct RecordField {
    var value: JSONReader.Value
    var location: String

    func member(_ key: String) throws(AgentTraceError) -> RecordField {
        guard let found = try optionalMember(key) else { throw .invalidRecord(location: child(key), expected: "present (it is required)") }
        return found
    }

    func optionalMember(_ key: String) throws(AgentTraceError) -> RecordField? {
        guard let members = value.object else { throw .invalidRecord(location: location, expected: "an object") }
        return members[key].map { RecordField(value: $0, location: child(key)) }
    }

    func elements() throws(AgentTraceError) -> [RecordField] {
        guard let elements = value.array else { throw .invalidRecord(location: location, expected: "an array") }
        return elements.enumerated().map { RecordField(value: $1, location: "\(location)[\($0)]") }
    }

    func string() throws(AgentTraceError) -> String {
        guard let text = value.string else { throw .invalidRecord(location: location, expected: "a string") }
        return text
    }

    /// A line number: an integer of 1 or more (JSON Schema counts `3.0` an integer).
    func line() throws(AgentTraceError) -> Int {
        if case .number(let text) = value, let number = Int(text) ?? Double(text).flatMap({ Int(exactly: $0) }), number >= 1 {
            return number
        }
        throw .invalidRecord(location: location, expected: "an integer of 1 or more")
    }

    func contributorType() throws(AgentTraceError) -> TracedRange.Contributor {
        guard let text = value.string, let type = TracedRange.Contributor(rawValue: text) else {
            throw .invalidRecord(location: location, expected: "one of human, ai, mixed, unknown")
        }
        return type
    }

    private func child(_ key: String) -> String {
        location == "the record" ? key : location + "." + key
    }
}
