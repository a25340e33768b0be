/// Why a search pattern cannot be used; the command line reports it as a usage error.
public enum SearchPatternError: Error, Equatable, CustomStringConvertible, Sendable {
    case badRegex(pattern: String, reason: String)
    case spansLines
    /// A query with no word to look for (empty, or only words too common to search for).
    case noTerms

    public var description: String {
        switch self {
        case .badRegex(let pattern, let reason):
            return "'\(pattern)' is not a valid extended regular expression: \(reason.lowercased()). "
                + "Escape special characters with \\, or leave out -E to search for the text as it is."
        case .spansLines:
            return "a search pattern cannot contain a line break: lines are matched one at a time."
        case .noTerms:
            return "the query has no word to look for: give at least one word of two letters or more that is not as common as 'the'."
        }
    }
}
