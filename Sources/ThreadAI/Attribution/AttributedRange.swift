import ThreadAIStore

/// Lines of one file, as of one commit, that one ThreadAI message wrote: what the attribution
/// engine (`blame`) finds and an Agent Trace record (`AgentTraceRecord`) reports.
public struct AttributedRange: Sendable, Hashable {
    /// The file's path from the top of the work tree, `/`-separated, as git names it.
    public var path: String
    /// 1-based line numbers in the file as of the commit.
    public var lines: ClosedRange<Int>
    /// The message the lines came from.
    public var message: ObjectID
    /// A thread that holds the message, for the reader to find it by.
    public var thread: String
    /// The model the message records (`model` in its frontmatter), nil when it records none.
    public var model: String?
    /// The coding agent the message was captured from (`claude-code`, `codex`, `gemini`), nil for
    /// ThreadAI's own `send`.
    public var agent: String?

    public init(path: String, lines: ClosedRange<Int>, message: ObjectID, thread: String, model: String? = nil, agent: String? = nil) {
        self.path = path
        self.lines = lines
        self.message = message
        self.thread = thread
        self.model = model
        self.agent = agent
    }

    /// `ranges` with the ranges of one message in one file that overlap or touch (lines 3–5 and
    /// 6–9) made one, sorted by path (UTF-8 bytes), then first line, then message: the same lines
    /// give the same result in whatever order and pieces the engine found them.
    /// - Throws: `AgentTraceError.lineOutOfRange` for a line below 1, and
    ///   `AgentTraceError.conflictingAttribution` when two messages claim one line.
    public static func merged(_ ranges: [AttributedRange]) throws(AgentTraceError) -> [AttributedRange] {
        if let bad = ranges.first(where: { $0.lines.lowerBound < 1 }) {
            throw .lineOutOfRange(path: bad.path, line: bad.lines.lowerBound)
        }
        let sorted = ranges.sorted(by: precedes)
        var result: [AttributedRange] = []
        // The last merged range of each (path, message): a message's ranges in one file come in
        // line order, so only its latest can touch the next.
        var latest: [Key: Int] = [:]
        for range in sorted {
            let key = Key(path: range.path, message: range.message)
            if let index = latest[key], result[index].lines.upperBound >= range.lines.lowerBound - 1 {
                let upper = max(result[index].lines.upperBound, range.lines.upperBound)
                result[index].lines = result[index].lines.lowerBound...upper
            } else {
                latest[key] = result.count
                result.append(range)
            }
        }
        try checkDisjoint(result)
        return result.sorted(by: precedes)
    }

    private struct Key: Hashable {
        var path: String
        var message: ObjectID
    }

    /// Path by UTF-8 bytes (git's order, the same on every platform), then first line, then message.
    static func precedes(_ a: AttributedRange, _ b: AttributedRange) -> Bool {
        if a.path != b.path { return a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }
        if a.lines.lowerBound != b.lines.lowerBound { return a.lines.lowerBound < b.lines.lowerBound }
        if a.message != b.message { return a.message < b.message }
        return a.lines.upperBound < b.lines.upperBound
    }

    /// A line is one message's: two merged ranges of one file that overlap name different messages
    /// (ranges of the same message were joined), which no attribution can mean.
    private static func checkDisjoint(_ merged: [AttributedRange]) throws(AgentTraceError) {
        var furthest: AttributedRange?
        for range in merged.sorted(by: precedes) {
            if let previous = furthest, previous.path == range.path, previous.lines.upperBound >= range.lines.lowerBound {
                throw .conflictingAttribution(path: range.path, line: range.lines.lowerBound, messages: [previous.message, range.message])
            }
            if furthest?.path != range.path || (furthest?.lines.upperBound ?? 0) < range.lines.upperBound { furthest = range }
        }
    }
}
