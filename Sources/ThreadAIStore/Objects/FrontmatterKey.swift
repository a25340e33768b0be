/// The rules for frontmatter keys (docs/FORMAT.md §4.2): their spelling, their order, and the keys this
/// version defines.
enum FrontmatterKey {
    static let parent = "parent"
    static let thread = "thread"
    static let role = "role"
    static let date = "date"

    static let error = "error"
    static let finish = "finish"
    static let firstTokenMilliseconds = "first-token-ms"
    static let inputTokens = "input-tokens"
    static let latencyMilliseconds = "latency-ms"
    static let model = "model"
    static let outputTokens = "output-tokens"
    static let provider = "provider"

    /// Keys of imported messages (docs/FORMAT.md §4.6).
    static let source = "source"
    static let sourceRole = "source-role"
    static let sourceTitle = "source-title"
    static let hidden = "hidden"
    static let workingDirectory = "cwd"
    static let gitBranch = "git-branch"

    /// Keys of code anchors and attached files (docs/FORMAT.md §4.7).
    static let codeBranch = "code-branch"
    static let codeCommit = "code-commit"
    static let codeDirty = "code-dirty"
    static let files = "files"

    /// Keys of a merged outcome (docs/FORMAT.md §4.8).
    static let mergedFrom = "merged-from"
    static let mergedSummary = "merged-summary"
    static let mergedThread = "merged-thread"

    static let maximumByteCount = 64

    /// The keys that come first, in this order; every other key follows them.
    private static let leadingKeys = [parent, thread, role, date]

    /// Defined keys whose value is a decimal integer.
    private static let decimalIntegerKeys: Set<String> = [
        firstTokenMilliseconds, inputTokens, latencyMilliseconds, outputTokens,
    ]

    /// Whether `key` is spelled `[a-z][a-z0-9-]*` and is at most 64 bytes long.
    static func isValid(_ key: some Collection<UInt8>) -> Bool {
        guard let first = key.first, isLowercaseLetter(first), key.count <= maximumByteCount else { return false }
        return key.allSatisfy { isLowercaseLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") }
    }

    /// Whether `key` is one of `parent`, `thread`, `role`, `date`, which a message holds as properties.
    static func isLeading(_ key: String) -> Bool {
        leadingKeys.contains(key)
    }

    /// Whether `first` must be written before `second`: the leading keys in their order, then the others
    /// in ascending order of their UTF-8 bytes.
    static func precedes(_ first: String, _ second: String) -> Bool {
        let (firstRank, secondRank) = (rank(first), rank(second))
        if firstRank != secondRank { return firstRank < secondRank }
        return first.utf8.lexicographicallyPrecedes(second.utf8)
    }

    /// Why `key` with `value` cannot be one of a message's other fields, or nil when it can; a nil `value`
    /// checks the key alone.
    static func problem(withField key: String, value: String?) -> MessageFormatError.Reason? {
        if !isValid(key.utf8) {
            return .invalidKey(key)
        }
        if isLeading(key) {
            return .reservedKey(key)
        }
        if let value, decimalIntegerKeys.contains(key), !isDecimalInteger(value.utf8) {
            return .invalidDecimalInteger(key: key, value: value)
        }
        if let value, let expected = CodeAnchorValue.problem(withKey: key, value: value)
            ?? MergeLinkValue.problem(withKey: key, value: value) {
            return .invalidValue(key: key, value: value, expected: expected)
        }
        return nil
    }

    /// Whether `text` matches `0|[1-9][0-9]*`.
    static func isDecimalInteger(_ text: some Collection<UInt8>) -> Bool {
        guard let first = text.first, text.allSatisfy(isDigit) else { return false }
        return first != UInt8(ascii: "0") || text.count == 1
    }

    private static func rank(_ key: String) -> Int {
        leadingKeys.firstIndex(of: key) ?? leadingKeys.count
    }

    private static func isLowercaseLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
