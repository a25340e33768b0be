/// One message of a conversation: what a message object holds (docs/FORMAT.md §4).
///
/// A `Message` can always be encoded into a valid object: `init` and the mutating methods check the
/// extra fields and the content, and the other properties are valid by their types. Two messages are
/// equal when their texts have the same bytes (not merely canonically equivalent Unicode), because only
/// then do they encode to the same object.
public struct Message: MessageFrontmatter, Equatable {
    public var parent: ObjectID?
    public var thread: ThreadName
    public var role: Role
    public var date: Timestamp
    /// Every key other than `parent`, `thread`, `role` and `date`; change it with `setField(_:to:)`.
    public private(set) var fields: [String: String]
    /// The message text exactly as written, any line ends included; change it with `setContent(_:)`.
    public private(set) var content: String

    /// Makes a message.
    /// - Parameter fields: the other frontmatter keys: defined ones such as `model` or `input-tokens`, and
    ///   extension keys.
    /// - Throws: `MessageFormatError` (with no line) when a field key is invalid or is one of `parent`,
    ///   `thread`, `role`, `date`; when a decimal-integer key has another value; or when `content`
    ///   contains a NUL character.
    public init(
        parent: ObjectID? = nil,
        thread: ThreadName,
        role: Role,
        date: Timestamp,
        fields: [String: String] = [:],
        content: String
    ) throws(MessageFormatError) {
        for (key, value) in fields {
            try Self.check(key: key, value: value)
        }
        try Self.check(content: content)
        self.parent = parent
        self.thread = thread
        self.role = role
        self.date = date
        self.fields = fields
        self.content = content
    }

    /// Joins a decoded header to its content; both come from a validated object.
    init(header: MessageHeader, content: String) {
        self.parent = header.parent
        self.thread = header.thread
        self.role = header.role
        self.date = header.date
        self.fields = header.fields
        self.content = content
    }

    /// Sets the field `key` to `value`, or removes it when `value` is nil.
    /// - Throws: `MessageFormatError` (with no line) when `key` is invalid or is one of `parent`, `thread`,
    ///   `role`, `date`, or when `key` holds a decimal integer and `value` is not one.
    public mutating func setField(_ key: String, to value: String?) throws(MessageFormatError) {
        try Self.check(key: key, value: value)
        fields[key] = value
    }

    /// Replaces the text of the message.
    /// - Throws: `MessageFormatError` with reason `.nulByte` when `content` contains a NUL character.
    public mutating func setContent(_ content: String) throws(MessageFormatError) {
        try Self.check(content: content)
        self.content = content
    }

    /// Sets a field whose value is valid by construction.
    mutating func setCheckedField(_ key: String, to value: String?) {
        fields[key] = value
    }

    public static func == (lhs: Message, rhs: Message) -> Bool {
        lhs.parent == rhs.parent && lhs.thread == rhs.thread && lhs.role == rhs.role && lhs.date == rhs.date
            && lhs.content.utf8.elementsEqual(rhs.content.utf8) && lhs.fields.count == rhs.fields.count
            && lhs.fields.allSatisfy { key, value in rhs.fields[key].map { $0.utf8.elementsEqual(value.utf8) } ?? false }
    }

    private static func check(key: String, value: String?) throws(MessageFormatError) {
        if let reason = FrontmatterKey.problem(withField: key, value: value) {
            throw MessageFormatError(line: nil, reason: reason)
        }
    }

    private static func check(content: String) throws(MessageFormatError) {
        if content.utf8.contains(0) {
            throw MessageFormatError(line: nil, reason: .nulByte)
        }
    }
}
