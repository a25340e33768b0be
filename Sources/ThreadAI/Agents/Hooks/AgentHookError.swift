import ThreadAIStore

/// Why an agent's settings file was left as it was. Nothing is written when one is thrown.
public enum AgentHookError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not JSON: ThreadAI does not guess at what it means.
    case invalidJSON(path: String, reason: String)
    /// A value ThreadAI must add to is not of the kind the agent documents.
    case misshapen(path: String, location: String, expected: String)
    /// The agent has no per-user project file for `--local`.
    case noLocalFile(CodingAgent)
    /// Replacing a link with a file would cut it from what it points to.
    case symbolicLink(path: String)
    case fileSystem(FileSystemError)

    public var description: String {
        switch self {
        case .invalidJSON(let path, let reason):
            return "\(path) is \(reason); it was left unchanged. Fix it (or move it away) and install again."
        case .misshapen(let path, let location, let expected):
            return "in \(path), \(location) is not \(expected) as the agent documents it; the file was left unchanged. "
                + "Fix it and install again."
        case .noLocalFile(let agent):
            return "\(agent.rawValue) has no per-user project settings file: its hooks can only go in "
                + "\(agent.settingsFile(local: false) ?? "its project settings"), which is shared through git."
        case .symbolicLink(let path):
            return "\(path) is a symbolic link; it was left unchanged. Install in the file it points to by hand, "
                + "or replace the link with a file."
        case .fileSystem(let error):
            return error.description
        }
    }
}
