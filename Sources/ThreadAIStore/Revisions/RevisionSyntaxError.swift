/// Why text is not a revision, with the grammar so the user can write it again.
public struct RevisionSyntaxError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        /// The text is empty.
        case empty
        /// The text starts with `~` or `^`.
        case missingBase
        /// `rest` follows `parsed` where a `~` or `^` suffix should be.
        case unexpected(String, after: String)
        /// `^N` with N of 2 or more.
        case secondParent(String)
        /// The suffixes walk back more than `Revision.maximumGenerations`.
        case tooManyGenerations
        /// `@{` not followed by a number (or `-N`) and `}`.
        case badReflogSelector
    }

    /// The rejected text.
    public let text: String
    public let reason: Reason

    public init(text: String, reason: Reason) {
        self.text = text
        self.reason = reason
    }

    /// How revisions are written, as every message ends.
    public static let grammar = "A revision is a thread name, a tag, a message id prefix, HEAD or @, "
        + "optionally @{N} (its reflog's value N changes ago), or @{-N} (the Nth previous checkout), "
        + "then any of: ~N (N parents back; ~ alone is 1), ^ or ^1 (1 back), ^0 (no step). Example: main~2, main@{1}."

    public var description: String {
        "\(text.quotedForDisplay) is not a revision: \(explanation) \(Self.grammar)"
    }

    private var explanation: String {
        switch reason {
        case .empty:
            "it is empty."
        case .missingBase:
            "it starts with a suffix; put a thread name, message id, HEAD or @ before it."
        case .unexpected(let rest, let parsed):
            "after \(parsed.quotedForDisplay) comes \(rest.quotedForDisplay), which is not a ~N or ^ suffix."
        case .secondParent(let suffix):
            "'\(suffix)' asks for another parent, but messages have a single parent; use ^ or ~N."
        case .tooManyGenerations:
            "it goes back more than \(Revision.maximumGenerations) messages."
        case .badReflogSelector:
            "'@{' must be followed by a number and '}' (main@{2}), or by -N and '}' alone (@{-1})."
        }
    }
}
