/// Why a search pattern cannot be used; the command line reports it as a usage error.
public enum SearchPatternError: Error, Equatable, CustomStringConvertible, Sendable {
    case badRegex(pattern: String, reason: String)
    case spansLines

    public var description: String {
        switch self {
        case .badRegex(let pattern, let reason):
            return "'\(pattern)' is not a valid extended regular expression: \(reason.lowercased()). "
                + "Escape special characters with \\, or leave out -E to search for the text as it is."
        case .spansLines:
            return "a search pattern cannot contain a line break: lines are matched one at a time."
        }
    }
}
