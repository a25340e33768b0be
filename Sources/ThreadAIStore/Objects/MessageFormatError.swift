/// Why bytes are not a valid message object, or why a message cannot be made (docs/FORMAT.md §4.4).
///
/// Carries the 1-based line of the object where the problem is, when there is one; the object store adds
/// the object's id and path when it reports the error.
public struct MessageFormatError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        /// The object does not begin with the line `---`.
        case missingOpeningDelimiter
        /// No line `---` ends the frontmatter.
        case missingClosingDelimiter
        /// A frontmatter line is not `key: value`.
        case notKeyValue
        /// A key is not `[a-z][a-z0-9-]*` of at most 64 bytes.
        case invalidKey(String)
        /// `parent`, `thread`, `role` or `date` was given among a message's other fields.
        case reservedKey(String)
        /// A key appears a second time.
        case duplicateKey(String)
        /// A key comes after one it must precede.
        case keyOutOfOrder(String, after: String)
        /// A required key (`thread`, `role`, `date`) is absent.
        case missingKey(String)
        /// The `parent` value is not a message id.
        case invalidParent(ObjectIDError)
        /// The `thread` value is not a valid thread name.
        case invalidThread(ThreadNameError)
        /// The `role` value is not `system`, `user` or `assistant`.
        case invalidRole(String)
        /// The `date` value is not a valid date.
        case invalidDate(TimestampError)
        /// A key that holds a decimal integer has another value.
        case invalidDecimalInteger(key: String, value: String)
        /// A defined key whose value has not the form the format gives it; `expected` says that form.
        case invalidValue(key: String, value: String, expected: String)
        /// An unquoted value that is not in the plain form (empty, a space, a character outside the plain set).
        case valueMustBeQuoted(String)
        /// A quoted value whose text could have been written plain.
        case quotedValueCouldBePlain(String)
        /// A backslash escape other than the canonical ones.
        case badEscape(String)
        /// A control character written as itself inside a quoted value instead of as an escape.
        case unescapedControlCharacter(UInt8)
        /// A quoted value without its closing `"`.
        case unterminatedQuotedValue
        /// Text after the closing `"` of a quoted value (a `"` inside a value is written `\"`).
        case textAfterClosingQuote
        /// Bytes that are not UTF-8.
        case invalidUTF8
        /// A NUL byte, which no object may contain.
        case nulByte
        /// The object does not end with the line feed that follows the content.
        case missingFinalLineFeed
        /// A carriage return in the frontmatter, whose lines end with a line feed alone.
        case carriageReturnInFrontmatter
    }

    /// The 1-based line of the object, or nil when the problem is not on one line.
    public let line: Int?
    public let reason: Reason

    public init(line: Int?, reason: Reason) {
        self.line = line
        self.reason = reason
    }

    /// The same reason, placed on `line`.
    func at(line: Int) -> MessageFormatError {
        MessageFormatError(line: line, reason: reason)
    }

    public var description: String {
        guard let line else { return explanation }
        return "line \(line): \(explanation)"
    }

    private var explanation: String {
        switch reason {
        case .missingOpeningDelimiter:
            "the object does not begin with the line '---'."
        case .missingClosingDelimiter:
            "no line '---' ends the frontmatter."
        case .notKeyValue:
            "a frontmatter line must be 'key: value', with one space after the colon."
        case .invalidKey(let key):
            "the key \(key.quotedForDisplay) is not valid: a key is a lowercase letter followed by lowercase "
                + "letters, digits and '-', at most 64 bytes."
        case .reservedKey(let key):
            "'\(key)' is not an extra field: set the message's \(key) itself."
        case .duplicateKey(let key):
            "the key '\(key)' appears twice."
        case .keyOutOfOrder(let key, let previous):
            "the key '\(key)' comes after '\(previous)': parent, thread, role and date come first in that "
                + "order, then the other keys in ascending byte order."
        case .missingKey(let key):
            "the frontmatter ends without the required key '\(key)'."
        case .invalidParent(let error):
            "the parent is not valid: \(error)"
        case .invalidThread(let error):
            "the thread is not valid: \(error)"
        case .invalidRole(let role):
            "the role \(role.quotedForDisplay) is not one of system, user, assistant."
        case .invalidDate(let error):
            "the date is not valid: \(error)"
        case .invalidDecimalInteger(let key, let value):
            "the value of '\(key)', \(value.quotedForDisplay), is not a decimal integer (0, or digits "
                + "without a leading zero)."
        case .invalidValue(let key, let value, let expected):
            "the value of '\(key)', \(value.quotedForDisplay), is not valid: \(expected)"
        case .valueMustBeQuoted(let value):
            "the value \(value.quotedForDisplay) must be written in double quotes: only a non-empty value "
                + "of letters, digits and . _ / + @ : - that starts with a letter, digit, _, . or / is written plain."
        case .quotedValueCouldBePlain(let value):
            "the value \(value.quotedForDisplay) is quoted but must be written plain, without quotes."
        case .badEscape(let escape):
            "\(Self.display(escape)) is not an escape of this format: use \\\\, \\\", \\n, \\r, \\t, or "
                + "\\u with four lowercase hex digits for another control character."
        case .unescapedControlCharacter(let byte):
            "a quoted value contains the control character U+00\(Self.hex(byte)) as itself; write it as an escape."
        case .unterminatedQuotedValue:
            "a quoted value has no closing '\"'."
        case .textAfterClosingQuote:
            "text follows the closing '\"' of a quoted value; a '\"' inside a value is written \\\"."
        case .invalidUTF8:
            "the bytes are not valid UTF-8."
        case .nulByte:
            "a message cannot contain a NUL byte."
        case .missingFinalLineFeed:
            "the object does not end with a line feed after the content."
        case .carriageReturnInFrontmatter:
            "a frontmatter line contains a carriage return; frontmatter lines end with a line feed alone "
                + "(was the file converted to CRLF line ends?)."
        }
    }

    /// An escape as written when it is printable ASCII (`quotedForDisplay` would double its backslash).
    private static func display(_ escape: String) -> String {
        escape.utf8.allSatisfy { (0x21...0x7e).contains($0) } ? "'\(escape)'" : escape.quotedForDisplay
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
