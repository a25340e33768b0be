import ThreadAIStore

/// Why no Agent Trace record was built, or why a record could not be read. Each names the value at
/// fault: an attribution the engine gave wrongly, or a record another tool wrote.
public enum AgentTraceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A revision that is not a git commit id (40 or 64 lowercase hexadecimal digits).
    case invalidRevision(String)
    /// A path that is not relative to the work tree's top (empty, absolute, or with a `.` or `..` part).
    case invalidPath(String)
    /// A line number below 1.
    case lineOutOfRange(path: String, line: Int)
    /// Two messages claim the same line of a file.
    case conflictingAttribution(path: String, line: Int, messages: [ObjectID])
    /// A record that is not one Agent Trace record: `location` says where (`files[2].path`),
    /// `expected` what should be there.
    case invalidRecord(location: String, expected: String)

    public var description: String {
        switch self {
        case .invalidRevision(let revision):
            "'\(revision)' is not a git commit id (40 or 64 lowercase hexadecimal digits); no trace record was written."
        case .invalidPath(let path):
            "'\(path)' is not a path relative to the work tree's top; no trace record was written."
        case .lineOutOfRange(let path, let line):
            "line \(line) of \(path) is not a line number (they start at 1); no trace record was written."
        case .conflictingAttribution(let path, let line, let messages):
            "line \(line) of \(path) is attributed to more than one message (\(messages.map(\.short).joined(separator: ", "))); "
                + "no trace record was written."
        case .invalidRecord(let location, let expected):
            "not an Agent Trace record: \(location) is not \(expected)."
        }
    }
}
