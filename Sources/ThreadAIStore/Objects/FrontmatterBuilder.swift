/// Collects frontmatter lines one by one, checking each key's spelling, uniqueness and order and each
/// value's form and meaning, then checks that the required keys were present.
struct FrontmatterBuilder {
    private var parent: ObjectID?
    private var thread: ThreadName?
    private var role: Role?
    private var date: Timestamp?
    private var fields: [String: String] = [:]
    private var previousKey: String?

    /// Reads one frontmatter line (without its line feed) of valid UTF-8 that holds no CR.
    /// - Throws: `MessageFormatError` placed on `number`.
    mutating func add(line text: UnsafeBufferPointer<UInt8>, number: Int) throws(MessageFormatError) {
        do {
            try add(line: text)
        } catch {
            throw error.at(line: number)
        }
    }

    /// The header, once the closing `---` was read on line `closingLine`.
    /// - Throws: `MessageFormatError` when a required key is missing or no content line follows.
    func finish(closingLine: Int, contentOffset: Int, objectByteCount: Int) throws(MessageFormatError) -> MessageHeader {
        guard let thread else { throw missing(FrontmatterKey.thread, closingLine) }
        guard let role else { throw missing(FrontmatterKey.role, closingLine) }
        guard let date else { throw missing(FrontmatterKey.date, closingLine) }
        // The object ends with a line feed; when it is the closing line's own, the content line has none.
        guard contentOffset < objectByteCount else {
            throw MessageFormatError(line: closingLine + 1, reason: .missingFinalLineFeed)
        }
        return MessageHeader(
            parent: parent, thread: thread, role: role, date: date, fields: fields,
            contentOffset: contentOffset, contentByteCount: objectByteCount - 1 - contentOffset)
    }

    private mutating func add(line text: UnsafeBufferPointer<UInt8>) throws(MessageFormatError) {
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")), colon + 1 < text.count,
            text[colon + 1] == UInt8(ascii: " ")
        else {
            throw MessageFormatError(line: nil, reason: .notKeyValue)
        }
        let keyBytes = UnsafeBufferPointer(rebasing: text[..<colon])
        let key = String(decoding: keyBytes, as: UTF8.self)
        guard FrontmatterKey.isValid(keyBytes) else {
            throw MessageFormatError(line: nil, reason: .invalidKey(key))
        }
        try checkPlace(of: key)
        let value = try FrontmatterValue.decode(UnsafeBufferPointer(rebasing: text[(colon + 2)...]))
        try store(key: key, value: value)
        previousKey = key
    }

    private func checkPlace(of key: String) throws(MessageFormatError) {
        if isPresent(key) {
            throw MessageFormatError(line: nil, reason: .duplicateKey(key))
        }
        if let previousKey, !FrontmatterKey.precedes(previousKey, key) {
            throw MessageFormatError(line: nil, reason: .keyOutOfOrder(key, after: previousKey))
        }
    }

    private func isPresent(_ key: String) -> Bool {
        switch key {
        case FrontmatterKey.parent: parent != nil
        case FrontmatterKey.thread: thread != nil
        case FrontmatterKey.role: role != nil
        case FrontmatterKey.date: date != nil
        default: fields[key] != nil
        }
    }

    private mutating func store(key: String, value: String) throws(MessageFormatError) {
        switch key {
        case FrontmatterKey.parent:
            parent = try Self.parse(value, ObjectID.init(hex:), MessageFormatError.Reason.invalidParent)
        case FrontmatterKey.thread:
            thread = try Self.parse(value, ThreadName.init, MessageFormatError.Reason.invalidThread)
        case FrontmatterKey.role:
            guard let role = Role(rawValue: value) else {
                throw MessageFormatError(line: nil, reason: .invalidRole(value))
            }
            self.role = role
        case FrontmatterKey.date:
            date = try Self.parse(value, Timestamp.init(rfc3339:), MessageFormatError.Reason.invalidDate)
        default:
            if let reason = FrontmatterKey.problem(withField: key, value: value) {
                throw MessageFormatError(line: nil, reason: reason)
            }
            fields[key] = value
        }
    }

    /// Reads `value` with `make`, reporting its error as the frontmatter reason `reason` makes of it.
    private static func parse<Value, Failure: Error>(
        _ value: String,
        _ make: (String) throws(Failure) -> Value,
        _ reason: (Failure) -> MessageFormatError.Reason
    ) throws(MessageFormatError) -> Value {
        do throws(Failure) {
            return try make(value)
        } catch {
            throw MessageFormatError(line: nil, reason: reason(error))
        }
    }

    private func missing(_ key: String, _ line: Int) -> MessageFormatError {
        MessageFormatError(line: line, reason: .missingKey(key))
    }
}
