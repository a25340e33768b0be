import ThreadAISupport

/// The `Thread: NAME@ID` trailer that links a code commit to a conversation (docs/CLI.md, `trailer`),
/// read back by `log --for-commit` and `blame`.
public enum ThreadTrailer {
    public static let key = "Thread"

    /// The thread names and id prefixes (4 or more hex digits, lowercased) of the trailers of a commit
    /// message, in order.
    public static func parse(commitMessage: String) -> [(thread: String, id: String)] {
        commitMessage.split(separator: "\n").compactMap { line in
            guard line.hasPrefix(key + ": ") else { return nil }
            let value = line.dropFirst(key.count + 2).trimmingSpaces()
            guard let at = value.lastIndex(of: "@") else { return nil }
            let id = String(value[value.index(after: at)...])
            guard id.count >= 4, id.allSatisfy(\.isHexDigit) else { return nil }
            return (String(value[..<at]), id.lowercased())
        }
    }
}
